import { buttonClass } from "~/components/ui/button";

/** The streamed article as it grows (Gemini, or a cut-off one), then 'Generate Again' or 'Keep'. */
export function ArticlePreview({ id, html, generating, onAgain, onKeep }: { id: string; html: string; generating: boolean; onAgain: () => void; onKeep: () => void }) {
  return (
    <section aria-labelledby={`${id}-preview`} aria-busy={generating} className="mt-4 rounded-xl border border-gray-200">
      <h3 id={`${id}-preview`} className="border-b border-gray-200 px-4 py-2 text-sm font-semibold">
        Preview
      </h3>
      {/* Focusable so a keyboard can scroll a long article. */}
      <div tabIndex={0} className="prose-shop max-h-80 overflow-y-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-600" dangerouslySetInnerHTML={{ __html: html }} />
      {!generating ? (
        <div className="flex justify-end gap-2 border-t border-gray-200 p-3">
          <button type="button" className={buttonClass("secondary")} onClick={onAgain}>
            Generate Again
          </button>
          <button type="button" className={buttonClass()} onClick={onKeep}>
            Keep
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** DeepSeek's article is inserted when it finishes: meanwhile, how far it has got. */
export function GenerationProgress({ id, progress }: { id: string; progress: number }) {
  return (
    <div className="mt-4">
      <p id={`${id}-progress`} className="text-sm font-medium">
        Generating with DeepSeek...
      </p>
      <div role="progressbar" aria-labelledby={`${id}-progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200">
        <div className="h-full bg-brand-700 transition-all" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
