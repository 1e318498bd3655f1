import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { noteDatabaseOutage, outageStatus } from "@server/http/outage";
import { log } from "@server/log";
import { InlineCssProvider } from "~/lib/inline-css";
import { NonceProvider } from "~/lib/nonce";
import { ResponseInfoProvider } from "~/lib/response-info";
import { scriptsAfterPaint } from "~/lib/scripts-after-paint";
import stylesheet from "./app.css?inline";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or render throws, logged as JSON under the request's id. One that
 * means the database is out of reach makes the request answer 503 (server/http/outage.ts).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseOutage(error)) {
    log.warn({ err: error }, "database unavailable");
    return;
  }
  // React Router's own refusals (a POST to a page without an action: 405) are the client's mistake.
  if (isRouteErrorResponse(error)) log.info({ status: error.status }, `request refused: ${error.statusText}`);
  else log.error({ err: error }, "request failed");
};

/**
 * Streams the document. Every inline script React Router writes carries the response's CSP nonce
 * (set by the Express app with the Content-Security-Policy header), so the policy needs no
 * 'unsafe-inline' for scripts. Bots get the whole document at once, and so does the page cache: a
 * shared page (ADR 018) is rendered whole into one buffer (no stream to convert and read back, no
 * streamed boundaries to swap in with scripts, so it is complete without JavaScript too), and lets
 * the page paint before its scripts run (lib/scripts-after-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The error page says what the response will: 503 when the database was out of reach.
  responseStatusCode = outageStatus(responseStatusCode);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const responseInfo = { requestId: loadContext.requestId, status: responseStatusCode };
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const whole = loadContext.sharedPage === true;
    const readyOption: keyof RenderToPipeableStreamOptions =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={stylesheet}>
          <ResponseInfoProvider value={responseInfo}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ResponseInfoProvider>
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        // A whole page inlines every finished Suspense boundary where it stands. React otherwise
        // moves a large one (over 12.8 KB, or one holding images: the product page's "You may also
        // like") to the end of the document, hidden until an inline script swaps it in, so it never
        // showed without JavaScript.
        progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (whole) {
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  clearTimeout(timeoutId);
                  resolve(new Response(scriptsAfterPaint(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
                  callback();
                },
              }),
            );
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error, requestId: loadContext.requestId }, "error while streaming a page");
        },
      },
    );
  });
}
