import { AI_TONES, type AiTone } from "@core/ai-writer";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";

/** What to write about and in which tone, the admin's key links, and Generate. */
export function PromptForm({
  id,
  topic,
  onTopicChange,
  tone,
  onToneChange,
  generating,
  ownKey,
  onRemoveKey,
  onEditKey,
  onGenerate,
}: {
  id: string;
  topic: string;
  onTopicChange: (topic: string) => void;
  tone: AiTone;
  onToneChange: (tone: AiTone) => void;
  generating: boolean;
  /** The admin has a key of their own for this provider. */
  ownKey: boolean;
  onRemoveKey: () => void;
  onEditKey: () => void;
  onGenerate: () => void;
}) {
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onGenerate();
      }}
    >
      <TextField id={`${id}-topic`} label="Topic" value={topic} onChange={(e) => onTopicChange(e.target.value)} disabled={generating} className="mt-2" />
      <SelectField
        id={`${id}-tone`}
        label="Tone"
        value={tone}
        onChange={(e) => onToneChange(e.target.value as AiTone)}
        disabled={generating}
        className="mt-3"
        options={AI_TONES.map((t) => ({ value: t, label: t[0].toUpperCase() + t.slice(1) }))}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-3 text-sm">
          {ownKey ? (
            <button type="button" onClick={onRemoveKey} className="font-medium text-red-700 underline">
              Remove API key
            </button>
          ) : null}
          <button type="button" onClick={onEditKey} className="font-medium text-brand-700 underline">
            {ownKey ? "Change API key" : "Use my own API key"}
          </button>
        </div>
        <button type="submit" disabled={generating} className={buttonClass()}>
          {generating ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" /> : null}
          {generating ? "Generating..." : "Generate"}
        </button>
      </div>
    </form>
  );
}
