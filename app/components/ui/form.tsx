import { useId, useState } from "react";

/** Form building blocks shared by the account and admin sign-in forms. */

export const inputClass =
  "block w-full rounded-lg border border-gray-300 px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/** The red box for a form's error (announced to screen readers). */
export function FormError({ message, children }: { message?: string | null; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A green box for a success message. */
export function FormSuccess({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
      {message}
    </div>
  );
}

type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; hint?: string };

function describedBy(inputId: string, hint?: string, error?: string) {
  return [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function FieldMessages({ inputId, hint, error }: { inputId: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its error message under it. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const described = describedBy(inputId, hint, error);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={inputId} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      <FieldMessages inputId={inputId} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle (a button with an accessible name). */
export function PasswordField({ label, error, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const [shown, setShown] = useState(false);
  const described = describedBy(inputId, hint, error);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={shown ? "text" : "password"}
          className={`${inputClass} pr-20`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          {shown ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      </div>
      <FieldMessages inputId={inputId} hint={hint} error={error} />
    </div>
  );
}

export function SubmitButton({ children, pending, className = "" }: { children: React.ReactNode; pending?: boolean; className?: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}
