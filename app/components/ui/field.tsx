import { createContext, useContext, useId, useState } from "react";

/**
 * The one set of labelled form controls (storefront, account and back office): input, password,
 * textarea, select, checkbox, and a group of radios or checkboxes. Each shows its label, an optional
 * hint and its error, and wires them for screen readers (aria-describedby, aria-invalid).
 *
 * A control's message comes from its `error` prop, else from the nearest FieldErrorsContext under
 * its path (the field's name unless `path` says otherwise: "colors.0.name"). Its id is derived from
 * that path ("colors.0.name" -> "field-colors-0-name"), so a validation message can find, describe
 * and focus it (use-editor-form.ts); give `id` when two forms on one page share a name.
 */
export const fieldId = (path: string) => `field-${path.replace(/\./g, "-")}`;

/** The field errors of a form, by path ("colors.0.name"), as `fieldErrors` returns them. */
export const FieldErrorsContext = createContext<Record<string, string>>({});

export function useFieldError(path: string | undefined) {
  const errors = useContext(FieldErrorsContext);
  return path === undefined ? undefined : errors[path];
}

export const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50";

/** `srOnlyLabel`: true hides the label visually; "wide" only from the sm breakpoint (rows of a table whose first row shows the labels). */
type Common = {
  label: React.ReactNode;
  /** Where the field's message is found in FieldErrorsContext, and the source of its id; default: its name. */
  path?: string;
  error?: string;
  hint?: React.ReactNode;
  id?: string;
  className?: string;
  srOnlyLabel?: boolean | "wide";
};

const labelClass = (srOnly: Common["srOnlyLabel"]) =>
  srOnly === true ? "sr-only" : `mb-1 block text-sm font-medium text-gray-800 ${srOnly === "wide" ? "sm:sr-only" : ""}`;

/** The id, message and ARIA attributes of one control. */
function useField({ path, name, id, error, hint }: { path?: string; name?: string; id?: string; error?: string; hint?: React.ReactNode }) {
  const auto = useId();
  const key = path ?? name;
  const fromContext = useFieldError(key);
  const message = error ?? fromContext;
  const controlId = id ?? (key ? fieldId(key) : auto);
  const described = [message ? `${controlId}-error` : "", hint ? `${controlId}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return { controlId, message, aria: { "aria-invalid": message ? true : undefined, "aria-describedby": described } as const };
}

function Messages({ controlId, hint, error, announce }: { controlId: string; hint?: React.ReactNode; error?: string; announce?: boolean }) {
  return (
    <>
      {hint ? (
        <p id={`${controlId}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} role={announce ? "alert" : undefined} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A control's label above it and its messages under it. */
function Frame({
  field,
  label,
  hint,
  className,
  srOnlyLabel,
  announce,
  children,
}: { field: ReturnType<typeof useField> } & Pick<Common, "label" | "hint" | "className" | "srOnlyLabel"> & { announce?: boolean; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.controlId} className={labelClass(srOnlyLabel)}>
        {label}
      </label>
      {children}
      <Messages controlId={field.controlId} hint={hint} error={field.message} announce={announce} />
    </div>
  );
}

type InputProps = Common & {
  prefix?: string;
  /** The message is announced when it appears (role="alert"): for answers that come without a page change. */
  announce?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "prefix">;

/** A text-like input (text, email, number, date…), with an optional currency symbol inside it. */
export function TextField({ label, path, error, hint, id, className, srOnlyLabel, announce, prefix, ...input }: InputProps) {
  const field = useField({ path, name: input.name, id, error, hint });
  return (
    <Frame field={field} label={label} hint={hint} className={className} srOnlyLabel={srOnlyLabel} announce={announce}>
      <div className="relative">
        {prefix ? (
          <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-gray-600">
            {prefix}
          </span>
        ) : null}
        <input id={field.controlId} {...field.aria} className={`${inputClass} ${prefix ? "pl-7" : ""}`} {...input} />
      </div>
    </Frame>
  );
}

/** A password input with a show/hide toggle (a button with an accessible name). */
export function PasswordField({ label, path, error, hint, id, className, srOnlyLabel, ...input }: Omit<InputProps, "prefix" | "type" | "announce">) {
  const field = useField({ path, name: input.name, id, error, hint });
  const [shown, setShown] = useState(false);
  return (
    <Frame field={field} label={label} hint={hint} className={className} srOnlyLabel={srOnlyLabel}>
      <div className="relative">
        <input id={field.controlId} type={shown ? "text" : "password"} {...field.aria} className={`${inputClass} pr-20`} {...input} />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={field.controlId}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          {shown ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </Frame>
  );
}

export function TextAreaField({ label, path, error, hint, id, className, srOnlyLabel, ...textarea }: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const field = useField({ path, name: textarea.name, id, error, hint });
  return (
    <Frame field={field} label={label} hint={hint} className={className} srOnlyLabel={srOnlyLabel}>
      <textarea id={field.controlId} {...field.aria} className={inputClass} {...textarea} />
    </Frame>
  );
}

export type SelectOption = { value: string; label: string };

/** A select; its options from `options`, or as children (option groups, say). */
export function SelectField({
  label,
  path,
  error,
  hint,
  id,
  className,
  srOnlyLabel,
  options,
  children,
  ...select
}: Common & { options?: readonly SelectOption[] } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const field = useField({ path, name: select.name, id, error, hint });
  return (
    <Frame field={field} label={label} hint={hint} className={className} srOnlyLabel={srOnlyLabel}>
      <select id={field.controlId} {...field.aria} className={inputClass} {...select}>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </Frame>
  );
}

/** A checkbox with its label beside it, and its message under it. */
export function CheckboxField({ label, path, error, hint, id, className, ...input }: Omit<Common, "srOnlyLabel"> & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "type">) {
  const field = useField({ path, name: input.name, id, error, hint });
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" id={field.controlId} {...field.aria} className="h-4 w-4 accent-brand-700" {...input} />
        {label}
      </label>
      <Messages controlId={field.controlId} hint={hint} error={field.message} />
    </div>
  );
}

export type Choice = { value: string; label: React.ReactNode };

/**
 * A group of radios (one choice) or checkboxes (several, `type="checkbox"`) under a legend; the
 * fieldset carries the group's id and is what its message describes. `cards` draws each choice as
 * a bordered card (delivery options).
 */
export function ChoiceGroup({
  legend,
  name,
  path,
  error,
  hint,
  id,
  className,
  choices,
  type = "radio",
  defaultValue,
  onChange,
  cards = false,
}: {
  legend: React.ReactNode;
  name: string;
  path?: string;
  error?: string;
  hint?: React.ReactNode;
  id?: string;
  className?: string;
  choices: readonly Choice[];
  type?: "radio" | "checkbox";
  /** The checked choice (radio) or choices (checkbox). */
  defaultValue?: string | readonly string[];
  onChange?: (value: string) => void;
  cards?: boolean;
}) {
  const field = useField({ path, name, id, error, hint });
  const checked = (value: string) => (typeof defaultValue === "string" ? defaultValue === value : (defaultValue?.includes(value) ?? false));
  return (
    <fieldset id={field.controlId} {...field.aria} className={className}>
      <legend className="mb-2 text-sm font-medium text-gray-800">{legend}</legend>
      {hint ? (
        <p id={`${field.controlId}-hint`} className="-mt-1 mb-2 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className={cards ? "space-y-2" : "flex flex-wrap gap-x-5 gap-y-2"}>
        {choices.map((c) => (
          <label
            key={c.value}
            className={
              cards
                ? "flex cursor-pointer items-start gap-3 rounded-lg border border-gray-300 px-4 py-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
                : "flex items-center gap-2 text-sm text-gray-800"
            }
          >
            <input
              type={type}
              name={name}
              value={c.value}
              defaultChecked={checked(c.value)}
              onChange={onChange ? () => onChange(c.value) : undefined}
              className={`h-4 w-4 accent-brand-700 ${cards ? "mt-1" : ""}`}
            />
            {c.label}
          </label>
        ))}
      </div>
      {field.message ? (
        <p id={`${field.controlId}-error`} className="mt-2 text-sm font-medium text-red-700">
          {field.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A message for a group of fields (a list that needs at least one entry, say), under its path. */
export function GroupError({ path }: { path: string }) {
  const error = useFieldError(path);
  return error ? (
    <p id={`${fieldId(path)}-error`} className="mt-2 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}
