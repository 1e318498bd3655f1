/** A back-office page that could not load: what failed, and a way on (by default, try again). */
export function AdminErrorPanel({ title, message, action }: { title: string; message: string; action?: React.ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <h2 className="text-lg font-semibold text-red-900">{title}</h2>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      <div className="mt-4">
        {action ?? (
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Try Again
          </button>
        )}
      </div>
    </div>
  );
}
