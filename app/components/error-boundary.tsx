import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "react-router";
import { ErrorPage } from "~/components/shop/error-page";
import { useResponseInfo } from "~/lib/response-info";

/** What a handler is told: the status answered, what was thrown, the request id support can find. */
export type ErrorInfo = {
  status: number;
  /** The thrown response (status handlers) or error (the unexpected handler). */
  error: ErrorResponse | unknown;
  /** The request id the server logged the error under (none for a 404: there is nothing to find). */
  reference?: string;
  /** A 4xx refusal thrown with `{ message }` (e.g. an unreadable form body) says why in its words. */
  refusal?: string;
};

export type ErrorHandler = (info: ErrorInfo) => React.ReactNode;

/** The shop's error page: 404s say so, other statuses get their sentence (403: no permission), crashes an apology. */
export const errorPage: ErrorHandler = ({ status, error, reference, refusal }) => (
  <ErrorPage
    status={status}
    reference={status === 404 ? undefined : reference}
    message={status === 404 ? undefined : refusal}
    // Never a stack trace in production: the server logs it, under the reference shown.
    detail={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
  />
);

/**
 * Every route's ErrorBoundary: a thrown response goes to the handler for its status, else to
 * `defaultStatusHandler`; anything else thrown (a crash) goes to `unexpectedErrorHandler`. Without
 * handlers it is the shop's error page. A crash reaches the browser sanitised: the server tells the
 * status it answered (503 when the database is down) through useResponseInfo.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  defaultStatusHandler = errorPage,
  unexpectedErrorHandler = errorPage,
}: {
  statusHandlers?: Partial<Record<number, ErrorHandler>>;
  defaultStatusHandler?: ErrorHandler;
  unexpectedErrorHandler?: ErrorHandler;
}) {
  const error = useRouteError();
  const response = useResponseInfo();
  if (isRouteErrorResponse(error)) {
    const said = error.status < 500 ? (error.data as { message?: unknown } | null)?.message : undefined;
    const info: ErrorInfo = { status: error.status, error, reference: response.requestId, refusal: typeof said === "string" ? said : undefined };
    return <>{(statusHandlers[error.status] ?? defaultStatusHandler)(info)}</>;
  }
  return <>{unexpectedErrorHandler({ status: response.status ?? 500, error, reference: response.requestId })}</>;
}
