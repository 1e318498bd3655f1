import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The one error page: 404s say so, anything else is a friendly apology with no internals, and the
 * request id (`reference`) support can find in the logs.
 */
export function ErrorPage(props: { status: number; detail?: string; reference?: string; message?: string }) {
  const { status, detail, reference, message } = props;
  const notFound = status === 404;
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{notFound ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-600">
        {message ??
          (notFound
          ? "The page you are looking for does not exist or has moved."
          : status === 403
            ? "You do not have permission to view this page."
            : status === 503
            ? "The shop is briefly unavailable. Please try again in a moment."
            : "An unexpected error occurred. Please try again.")}
      </p>
      <Link to="/" className={buttonClass("primary", "medium", "mt-6")}>
        Return to Home
      </Link>
      {reference ? (
        <p className="mt-4 text-sm text-gray-600" data-request-id={reference} data-status={status}>
          Reference: <code>{reference}</code>
        </p>
      ) : null}
      {detail ? <pre className="mt-6 max-w-full overflow-auto text-left text-xs text-gray-500">{detail}</pre> : null}
    </main>
  );
}

/** The tab title of an error page. */
export function errorTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong";
}
