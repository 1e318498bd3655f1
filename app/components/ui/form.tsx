/** A form's outcome: its error and its success message (the fields are in field.tsx). */

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
