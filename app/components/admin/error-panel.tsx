import { GeneralErrorBoundary, type ErrorHandler } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";

/** A back-office page that could not load: what failed, and a way on (by default, try again; `null`: none). */
export function AdminErrorPanel({ title, message, action }: { title: string; message: string; action?: React.ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <h2 className="text-lg font-semibold text-red-900">{title}</h2>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      <div className="mt-4">
        {action !== undefined ? action : (
          <button type="button" onClick={() => window.location.reload()} className={buttonClass("primary", "small")}>
            Try Again
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * An admin page's ErrorBoundary (GeneralErrorBoundary): the panel for whatever failed, inside the
 * back office's frame; `statusHandlers` word some statuses apart (the editor's 404). A 403 (a staff
 * role that does not open this page) says so in the guard's words, with nothing to try again.
 */
export function AdminErrorBoundary({
  title,
  message,
  action,
  statusHandlers,
}: {
  title: string;
  message: string;
  action?: React.ReactNode;
  statusHandlers?: Partial<Record<number, ErrorHandler>>;
}) {
  const panel = () => <AdminErrorPanel title={title} message={message} action={action} />;
  const refused: ErrorHandler = ({ refusal }) => (
    <AdminErrorPanel title="No access" message={refusal ?? "You do not have permission to view this page."} action={null} />
  );
  return <GeneralErrorBoundary statusHandlers={{ 403: refused, ...statusHandlers }} defaultStatusHandler={panel} unexpectedErrorHandler={panel} />;
}
