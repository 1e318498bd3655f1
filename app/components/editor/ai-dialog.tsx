import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { AI_PROVIDERS, AI_PROVIDER_LABELS, AI_TONES, AI_WORD_TARGET, aiRequestSchema, type AiProvider, type AiTone, type WriterEvent } from "@core/ai-writer";

type Provider = AiProvider;
const PROVIDERS = AI_PROVIDERS.map((value) => ({ value, label: AI_PROVIDER_LABELS[value] }));
const ENDPOINT = "/api/admin/ai";

/** An admin's personal key lives in this browser only, one entry per provider (DESIGN.md section 7). */
const keyName = (p: Provider) => `pocketretro.ai-key.${p}`;
function storedKey(p: Provider): string {
  try {
    return localStorage.getItem(keyName(p)) ?? "";
  } catch {
    return "";
  }
}

/** POSTs the request and hands each streamed line (growing, sanitised HTML) to `onEvent`. */
async function streamArticle(body: { provider: Provider; topic: string; tone: string }, key: string, signal: AbortSignal, onEvent: (e: WriterEvent) => void) {
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { "X-AI-Key": key } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(data?.message ?? "An unexpected error occurred");
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as WriterEvent);
  }
}

const wordsIn = (html: string) => html.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;

const field = "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2";
const primary = buttonClass();
const secondary = buttonClass("secondary");

/**
 * The AI writer. Gemini streams into a preview ('Generate Again', 'Keep'); DeepSeek is inserted when
 * it finishes, with a progress bar driven by the words streamed so far. Calls go through our server.
 */
export function AiDialog({ open, onOpenChange, onInsert }: { open: boolean; onOpenChange: (open: boolean) => void; onInsert: (html: string) => void }) {
  const id = useId();
  const toast = useToast();
  const [serverKeys, setServerKeys] = useState<Record<Provider, boolean> | null>(null);
  const [provider, setProvider] = useState<Provider>("gemini");
  const [keys, setKeys] = useState<Record<Provider, string>>({ gemini: "", deepseek: "" });
  const [editingKey, setEditingKey] = useState(false);
  const [keyDraft, setKeyDraft] = useState("");
  const [topic, setTopic] = useState("");
  const [tone, setTone] = useState<AiTone>("professional");
  const [generating, setGenerating] = useState(false);
  const [preview, setPreview] = useState("");
  const [error, setError] = useState("");
  const [progress, setProgress] = useState(0);
  /** The provider stopped at its length limit: the partial article is shown, never inserted by itself. */
  const [cut, setCut] = useState(false);
  const last = useRef<{ topic: string; tone: string } | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setKeys({ gemini: storedKey("gemini"), deepseek: storedKey("deepseek") });
    if (serverKeys) return;
    fetch(ENDPOINT)
      .then((r) => (r.ok ? (r.json() as Promise<Record<Provider, boolean>>) : Promise.reject(new Error(String(r.status)))))
      .then(setServerKeys)
      .catch(() => setServerKeys({ gemini: false, deepseek: false }));
  }, [open, serverKeys]);

  const label = PROVIDERS.find((p) => p.value === provider)!.label;
  const hasKey = !!keys[provider] || !!serverKeys?.[provider];
  const showKeyPanel = serverKeys !== null && (editingKey || !hasKey);

  const fail = (message: string) => {
    setError(message);
    toast({ title: "Generation Error", description: message, variant: "destructive" });
  };

  const generate = async (request: { topic: string; tone: string }) => {
    // The endpoint's own schema: its message, before any request.
    const checked = aiRequestSchema.safeParse({ provider, ...request });
    if (!checked.success) return fail(checked.error.issues[0].message);
    const cleanTopic = checked.data.topic;
    last.current = { topic: cleanTopic, tone: request.tone };
    const controller = new AbortController();
    running.current = controller;
    setGenerating(true);
    setError("");
    setPreview("");
    setCut(false);
    setProgress(provider === "deepseek" ? 10 : 0);
    let result = "";
    let failure = "";
    let cutMessage = "";
    try {
      await streamArticle({ provider, topic: cleanTopic, tone: request.tone }, keys[provider], controller.signal, (e) => {
        if (e.type === "error") failure = e.message;
        else {
          result = e.html;
          if (e.type === "cut") cutMessage = e.message;
          if (provider === "gemini" || e.type === "cut") setPreview(e.html);
          else setProgress(e.type === "done" ? 100 : Math.min(90, 10 + Math.round((wordsIn(e.html) / AI_WORD_TARGET) * 80)));
        }
      });
    } catch (err) {
      if (controller.signal.aborted) return;
      failure = err instanceof Error ? err.message : "An unexpected error occurred";
    } finally {
      if (running.current === controller) running.current = null;
      setGenerating(false);
    }
    if (failure || !result) {
      setProgress(0);
      return fail(failure || "No content generated");
    }
    if (cutMessage) {
      setProgress(0);
      setCut(true);
      setError(cutMessage);
      toast({ title: "Article cut off", description: cutMessage, variant: "destructive" });
      return;
    }
    if (provider === "deepseek") {
      onInsert(result);
      onOpenChange(false);
      setTimeout(() => setProgress(0), 800);
    }
  };

  const keep = () => {
    if (!preview.trim()) {
      toast({ title: "Error", description: "No content generated to keep", variant: "destructive" });
      return;
    }
    onInsert(preview);
    setPreview("");
    onOpenChange(false);
  };

  const saveKey = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const value = keyDraft.trim();
    if (!value) return;
    try {
      localStorage.setItem(keyName(provider), value);
    } catch {
      /* private mode: the key still works for this visit */
    }
    setKeys((k) => ({ ...k, [provider]: value }));
    setKeyDraft("");
    setEditingKey(false);
    toast({ title: "API Key Saved", description: `Your ${label} key is stored in this browser only.` });
  };

  const removeKey = () => {
    try {
      localStorage.removeItem(keyName(provider));
    } catch {
      /* nothing stored */
    }
    setKeys((k) => ({ ...k, [provider]: "" }));
    toast({ title: "API Key Removed", description: `Your ${label} key was removed from this browser.` });
  };

  const close = (next: boolean) => {
    if (!next) {
      running.current?.abort();
      setEditingKey(false);
      setError("");
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

          <label htmlFor={`${id}-model`} className="mt-4 block text-sm font-medium">
            Model
          </label>
          <select
            id={`${id}-model`}
            value={provider}
            disabled={generating}
            onChange={(e) => {
              setProvider(e.target.value as Provider);
              setPreview(""); // changing model clears any preview
              setCut(false);
              setError("");
              setEditingKey(false);
            }}
            className={field}
          >
            {PROVIDERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>

          {serverKeys === null ? (
            <p role="status" className="mt-4 text-sm text-gray-600">
              Loading...
            </p>
          ) : showKeyPanel ? (
            <form onSubmit={saveKey} className="mt-4 rounded-xl border border-gray-200 p-4">
              <label htmlFor={`${id}-key`} className="block text-sm font-medium">
                {label} key
              </label>
              <p id={`${id}-key-help`} className="mt-1 text-sm text-gray-600">
                No server key is set for {label}. Your key is kept in this browser and sent only with your own requests.
              </p>
              <input
                id={`${id}-key`}
                type="password"
                autoComplete="off"
                aria-describedby={`${id}-key-help`}
                required
                value={keyDraft}
                onChange={(e) => setKeyDraft(e.target.value)}
                className={field}
              />
              <div className="mt-4 flex justify-end gap-2">
                <button type="button" className={secondary} onClick={() => (hasKey ? setEditingKey(false) : close(false))}>
                  Cancel
                </button>
                <button type="submit" className={primary}>
                  Save Key
                </button>
              </div>
            </form>
          ) : (
            <form
              className="mt-2"
              onSubmit={(e) => {
                e.preventDefault();
                e.stopPropagation();
                void generate({ topic, tone });
              }}
            >
              <TextField id={`${id}-topic`} label="Topic" value={topic} onChange={(e) => setTopic(e.target.value)} disabled={generating} className="mt-2" />
              <SelectField
                id={`${id}-tone`}
                label="Tone"
                value={tone}
                onChange={(e) => setTone(e.target.value as AiTone)}
                disabled={generating}
                className="mt-3"
                options={AI_TONES.map((t) => ({ value: t, label: t[0].toUpperCase() + t.slice(1) }))}
              />
              <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
                <div className="flex gap-3 text-sm">
                  {keys[provider] ? (
                    <button type="button" onClick={removeKey} className="font-medium text-red-700 underline">
                      Remove API key
                    </button>
                  ) : null}
                  <button type="button" onClick={() => setEditingKey(true)} className="font-medium text-brand-700 underline">
                    {keys[provider] ? "Change API key" : "Use my own API key"}
                  </button>
                </div>
                <button type="submit" disabled={generating} className={primary}>
                  {generating ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" /> : null}
                  {generating ? "Generating..." : "Generate"}
                </button>
              </div>
            </form>
          )}

          {error ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}

          {provider === "deepseek" && progress > 0 ? (
            <div className="mt-4">
              <p id={`${id}-progress`} className="text-sm font-medium">
                Generating with DeepSeek...
              </p>
              <div
                role="progressbar"
                aria-labelledby={`${id}-progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
              >
                <div className="h-full bg-brand-700 transition-all" style={{ width: `${progress}%` }} />
              </div>
            </div>
          ) : null}

          {(provider === "gemini" || cut) && (preview || generating) ? (
            <section aria-labelledby={`${id}-preview`} aria-busy={generating} className="mt-4 rounded-xl border border-gray-200">
              <h3 id={`${id}-preview`} className="border-b border-gray-200 px-4 py-2 text-sm font-semibold">
                Preview
              </h3>
              {/* Focusable so a keyboard can scroll a long article. */}
              <div tabIndex={0} className="prose-shop max-h-80 overflow-y-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-600" dangerouslySetInnerHTML={{ __html: preview }} />
              {!generating ? (
                <div className="flex justify-end gap-2 border-t border-gray-200 p-3">
                  <button type="button" className={secondary} onClick={() => last.current && void generate(last.current)}>
                    Generate Again
                  </button>
                  <button type="button" className={primary} onClick={keep}>
                    Keep
                  </button>
                </div>
              ) : null}
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
