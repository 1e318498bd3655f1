import { AI_PROVIDERS, AI_PROVIDER_LABELS, type AiProvider } from "@core/ai-writer";
import { buttonClass } from "~/components/ui/button";

const PROVIDERS = AI_PROVIDERS.map((value) => ({ value, label: AI_PROVIDER_LABELS[value] }));
const field = "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2";

/** Which model writes the article (locked while one is being written). */
export function ProviderSelect({ id, provider, disabled, onChange }: { id: string; provider: AiProvider; disabled: boolean; onChange: (provider: AiProvider) => void }) {
  return (
    <>
      <label htmlFor={`${id}-model`} className="mt-4 block text-sm font-medium">
        Model
      </label>
      <select id={`${id}-model`} value={provider} disabled={disabled} onChange={(e) => onChange(e.target.value as AiProvider)} className={field}>
        {PROVIDERS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** The admin's own key for a provider the server has none for (or that they change), kept in this browser. */
export function KeyForm({
  id,
  label,
  draft,
  onDraftChange,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSave: (e: React.FormEvent) => void;
  onCancel: () => void;
}) {
  return (
    <form onSubmit={onSave} className="mt-4 rounded-xl border border-gray-200 p-4">
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
        value={draft}
        onChange={(e) => onDraftChange(e.target.value)}
        className={field}
      />
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass()}>
          Save Key
        </button>
      </div>
    </form>
  );
}
