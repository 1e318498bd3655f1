import { createContext, useContext } from "react";

/**
 * Labelled form controls of the back office. The id of a control is derived from its field path
 * ("colors.0.name" -> "field-colors-0-name"), so a validation message can find, describe and focus it.
 */
export const fieldId = (path: string) => `field-${path.replace(/\./g, "-")}`;

export const FieldErrorsContext = createContext<Record<string, string>>({});

export function useFieldError(path: string) {
  return useContext(FieldErrorsContext)[path];
}

const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border px-3 py-2 text-sm ${invalid ? "border-red-600 bg-red-50" : "border-gray-300 bg-white"} focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30`;

function Message({ path, hint }: { path: string; hint?: string }) {
  const error = useFieldError(path);
  return (
    <>
      {hint ? (
        <p id={`${fieldId(path)}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(path)}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(path: string, hint: boolean, error: boolean) {
  const ids = [hint ? `${fieldId(path)}-hint` : "", error ? `${fieldId(path)}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type Common = { path: string; label: string; hint?: string; className?: string; srOnlyLabel?: boolean };

export function TextField({
  path,
  label,
  hint,
  className,
  srOnlyLabel,
  prefix,
  ...input
}: Common & { prefix?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "prefix">) {
  const error = useFieldError(path);
  return (
    <div className={className}>
      <label htmlFor={fieldId(path)} className={srOnlyLabel ? "sr-only" : "mb-1 block text-sm font-medium text-gray-800"}>
        {label}
      </label>
      <div className="relative">
        {prefix ? <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-gray-600">{prefix}</span> : null}
        <input
          id={fieldId(path)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(path, !!hint, !!error)}
          className={`${inputClass(!!error)} ${prefix ? "pl-7" : ""}`}
          {...input}
        />
      </div>
      <Message path={path} hint={hint} />
    </div>
  );
}

export function TextArea({
  path,
  label,
  hint,
  className,
  srOnlyLabel,
  ...input
}: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const error = useFieldError(path);
  return (
    <div className={className}>
      <label htmlFor={fieldId(path)} className={srOnlyLabel ? "sr-only" : "mb-1 block text-sm font-medium text-gray-800"}>
        {label}
      </label>
      <textarea
        id={fieldId(path)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(path, !!hint, !!error)}
        className={inputClass(!!error)}
        {...input}
      />
      <Message path={path} hint={hint} />
    </div>
  );
}

/** A group-level message (a list that needs at least one entry, say). */
export function GroupError({ path }: { path: string }) {
  const error = useFieldError(path);
  return error ? (
    <p id={`${fieldId(path)}-error`} className="mt-2 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export function SmallButton({ children, className = "", ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40 ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
