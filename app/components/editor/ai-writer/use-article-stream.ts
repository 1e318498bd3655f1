import { useRef, useState } from "react";
import { AI_WORD_TARGET, aiRequestSchema, type AiProvider } from "@core/ai-writer";
import { useToast } from "~/components/ui/toast";
import { streamArticle } from "./writer-api";

const wordsIn = (html: string) => html.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;

type Request = { topic: string; tone: string };

/**
 * One article at a time, streamed from the server. Gemini's grows in the preview; DeepSeek's drives a
 * progress bar (the words streamed so far) and is inserted when it finishes. A cut-off article is
 * shown with its message, never inserted by itself.
 */
export function useArticleStream({ provider, ownKey, onInsert, onOpenChange }: { provider: AiProvider; ownKey: string; onInsert: (html: string) => void; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const [preview, setPreview] = useState("");
  const [error, setError] = useState("");
  const [progress, setProgress] = useState(0);
  /** The provider stopped at its length limit: the partial article is shown, never inserted by itself. */
  const [cut, setCut] = useState(false);
  const last = useRef<Request | null>(null);
  const running = useRef<AbortController | null>(null);

  const fail = (message: string) => {
    setError(message);
    toast({ title: "Generation Error", description: message, variant: "destructive" });
  };

  const generate = async (request: Request) => {
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
      await streamArticle({ provider, topic: cleanTopic, tone: request.tone }, ownKey, controller.signal, (e) => {
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

  return {
    generating,
    preview,
    error,
    progress,
    cut,
    generate,
    /** The last request again (its topic as cleaned). */
    again: () => last.current && void generate(last.current),
    keep,
    /** Another model: no preview, no message. */
    reset: () => {
      setPreview("");
      setCut(false);
      setError("");
    },
    /** The dialog closes: the request under way stops, its message goes. */
    stop: () => {
      running.current?.abort();
      setError("");
    },
  };
}
