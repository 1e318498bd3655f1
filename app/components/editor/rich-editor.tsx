import { Suspense, lazy, useId, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** Tiptap, marked and turndown load only when an editor is on screen: never in storefront bundles. */
const TiptapEditor = lazy(() => import("./tiptap-editor"));

export type RichEditorProps = {
  /** Name of the hidden input that carries the HTML in the surrounding form. */
  name: string;
  defaultValue: string;
  onChange?: (html: string) => void;
  /** Visible label; also the editor's accessible name. */
  label: string;
};

/**
 * The rich text editor for posts and products. It works inside a plain <Form>: the HTML travels in a
 * hidden input named `name`. Before JavaScript runs (or if it fails) a plain textarea of HTML stands in.
 */
export function RichEditor({ name, defaultValue, onChange, label }: RichEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  // Without JavaScript the HTML is edited as text. Once hydrated, nothing that looks like a text box
  // stands in while the editor's code loads: typing into it would be lost when the editor arrives.
  const fallback = (
    <textarea
      id={`${id}-source`}
      name={name}
      aria-labelledby={labelId}
      defaultValue={defaultValue}
      className="min-h-72 w-full rounded-xl border border-gray-300 p-4 font-mono text-sm"
    />
  );
  const loading = (
    <div role="status" className="flex min-h-72 w-full items-center justify-center rounded-xl border border-gray-300 text-sm text-gray-600">
      Loading editor…
    </div>
  );
  return (
    <div>
      <span id={labelId} className="mb-1 block text-sm font-medium text-gray-900">
        {label}
      </span>
      {hydrated ? (
        <>
          <input type="hidden" name={name} value={value} />
          <Suspense fallback={loading}>
            <TiptapEditor
              labelId={labelId}
              label={label}
              defaultValue={defaultValue}
              onChange={(html) => {
                setValue(html);
                onChange?.(html);
              }}
            />
          </Suspense>
        </>
      ) : (
        fallback
      )}
    </div>
  );
}
