import { FormError, FormSuccess } from "~/components/ui/form";
import { buttonClass } from "~/components/ui/button";

/** Building blocks shared by the Settings pages (app/routes/admin/settings-*.tsx). */

export const settingsCard = "grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5";
export const primaryButton = buttonClass("primary", "small");
export const secondaryButton = "rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50";

/** What a Settings action answers when it writes nothing: the form as typed, with its messages. */
export type SettingsActionResult<V> = { message: string | null; fieldErrors: Record<string, string>; values: V };

/** The page's title, what it controls, and the outcome of the last save ("?saved=1" after the redirect). */
export function SettingsHeader({ id, title, intro, saved, message }: { id?: string; title: string; intro: string; saved: boolean; message?: string | null }) {
  return (
    <div className="grid gap-3">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{intro}</p>
      </div>
      <FormError message={message} />
      {!message && saved ? <FormSuccess message="Settings saved. The shop shows them on its next page." /> : null}
    </div>
  );
}

export function SaveButton({ saving, label = "Save" }: { saving: boolean; label?: string }) {
  return (
    <button type="submit" name="intent" value="save" disabled={saving} className={primaryButton}>
      {saving ? "Saving…" : label}
    </button>
  );
}

/**
 * Pressing Enter in a field submits with the form's first submit button: this one, so Enter saves
 * rather than "Remove" on the first row. Invisible and out of the tab order; the real Save is below.
 */
export function EnterSaves() {
  return (
    <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
      Save
    </button>
  );
}
