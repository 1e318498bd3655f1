import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { AI_WORD_TARGET, type AiProvider, type AiTone } from "@core/ai-writer";
import { ArticlePreview, GenerationProgress } from "./ai-writer/article-preview";
import { PromptForm } from "./ai-writer/prompt-form";
import { KeyForm, ProviderSelect } from "./ai-writer/provider-settings";
import { useArticleStream } from "./ai-writer/use-article-stream";
import { useProviderKeys } from "./ai-writer/use-provider-keys";

/**
 * The AI writer. Gemini streams into a preview ('Generate Again', 'Keep'); DeepSeek is inserted when
 * it finishes, with a progress bar driven by the words streamed so far. Calls go through our server.
 * Its parts are in ai-writer/: the model and key settings, the prompt form, the preview, and the
 * hooks that keep the keys and stream the article.
 */
export function AiDialog({ open, onOpenChange, onInsert }: { open: boolean; onOpenChange: (open: boolean) => void; onInsert: (html: string) => void }) {
  const id = useId();
  const [provider, setProvider] = useState<AiProvider>("gemini");
  const [topic, setTopic] = useState("");
  const [tone, setTone] = useState<AiTone>("professional");
  const keys = useProviderKeys(open, provider);
  const writer = useArticleStream({ provider, ownKey: keys.ownKey, onInsert, onOpenChange });

  const close = (next: boolean) => {
    if (!next) {
      writer.stop();
      keys.setEditing(false);
    }
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={`${id}-intro`}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-semibold">AI Writer</Dialog.Title>
          <p id={`${id}-intro`} className="mt-1 text-sm text-gray-600">
            Generates an article of about {AI_WORD_TARGET} words. Requests go through our server.
          </p>

          <ProviderSelect
            id={id}
            provider={provider}
            disabled={writer.generating}
            onChange={(next) => {
              setProvider(next);
              writer.reset(); // changing model clears any preview
              keys.setEditing(false);
            }}
          />

          {keys.loading ? (
            <p role="status" className="mt-4 text-sm text-gray-600">
              Loading...
            </p>
          ) : keys.showPanel ? (
            <KeyForm id={id} label={keys.label} draft={keys.draft} onDraftChange={keys.setDraft} onSave={keys.save} onCancel={() => (keys.hasKey ? keys.setEditing(false) : close(false))} />
          ) : (
            <PromptForm
              id={id}
              topic={topic}
              onTopicChange={setTopic}
              tone={tone}
              onToneChange={setTone}
              generating={writer.generating}
              ownKey={!!keys.ownKey}
              onRemoveKey={keys.remove}
              onEditKey={() => keys.setEditing(true)}
              onGenerate={() => void writer.generate({ topic, tone })}
            />
          )}

          {writer.error ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {writer.error}
            </p>
          ) : null}

          {provider === "deepseek" && writer.progress > 0 ? <GenerationProgress id={id} progress={writer.progress} /> : null}

          {(provider === "gemini" || writer.cut) && (writer.preview || writer.generating) ? (
            <ArticlePreview id={id} html={writer.preview} generating={writer.generating} onAgain={writer.again} onKeep={writer.keep} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
