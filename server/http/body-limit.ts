import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";

/**
 * Request body limits (issue 11, item 3), applied before any route reads a byte: a body above its
 * limit is answered 413 and never buffered, so one client cannot grow the process by posting
 * megabytes (a 150 MB POST to /cart once took it from 292 to 685 MB).
 *
 * - A declared `Content-Length` above the limit is refused at once, unread.
 * - A chunked body (no length) is counted as the HTTP parser hands it over and held here, up to the
 *   limit, before the route sees it: past the limit it is refused and the rest is dropped as it
 *   arrives. Holding it costs no more than the route's own `formData()`/`text()` would.
 * - Uploads have their own, larger total (files × 8 MB); their per-file limit is checked while the
 *   multipart body streams to disk (server/media/uploads.ts).
 *
 * Every 413 closes the connection, so the client stops sending and no socket is kept for it. It is
 * a lingering close, as nginx does: closing a socket with unread bytes sends a reset, and a client
 * still sending then loses the answer it was sent (it sees EPIPE/ECONNRESET instead of 413). So the
 * server ends its side and drops whatever still arrives for up to 5 s before it lets go.
 */

/** Bytes for a form and a webhook; `upload` gives an upload route's own limit (undefined: not an upload). */
export type BodyLimits = { form: number; webhook: number; upload: (path: string) => number | undefined };

/** The limit for one request path, in bytes. Webhooks are checked before their signature. */
export function bodyLimitFor(path: string, limits: BodyLimits): number {
  if (path.startsWith("/api/webhooks/")) return limits.webhook;
  return limits.upload(path) ?? limits.form;
}

/** "1 MB", "256 KB": the limit as the refusal states it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

function refuse(req: Request, res: Response, limit: number) {
  if (res.headersSent) return;
  const message = `The request body is too large: this address accepts at most ${formatBytes(limit)}.`;
  // Closing the connection is what stops the client's upload; keep-alive would read it all.
  res.status(413).set("Connection", "close");
  if (req.path.startsWith("/api/")) res.json({ ok: false, message });
  else res.type("text/plain").send(message);
}

const LINGER_MS = 5_000;

/** The request with a body a socket is serving now (keep-alive sockets serve several in turn). */
const bodyOf = new WeakMap<Socket, IncomingMessage>();

/**
 * Makes the socket's close after a response (Node calls `destroySoon` when the answer says
 * `Connection: close`) a lingering one while the request's body is not fully read: end our side,
 * keep reading and dropping, then let go when the client closes or after LINGER_MS.
 */
function lingerOnClose(req: IncomingMessage) {
  const socket = req.socket;
  const known = bodyOf.has(socket);
  bodyOf.set(socket, req);
  if (known) return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    const current = bodyOf.get(socket);
    if (!current || current.complete) return destroySoon();
    // A route that stopped reading (an upload cut at 8 MB) left the body paused: drain it.
    current.removeAllListeners("data");
    current.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

type Push = IncomingMessage["push"];

/**
 * Holds a chunked body until it ends (then passes it on, in order, and calls `next`) or passes
 * `limit` (then answers 413 and drops the rest). It hooks the request's `push`, which Node's HTTP
 * parser calls with each body chunk and with null at the end: nothing reads the body meanwhile, and
 * bytes already buffered before the hook stay first in the request's own buffer.
 */
function holdChunkedBody(req: Request, res: Response, next: NextFunction, limit: number) {
  if (req.complete) {
    if (req.readableLength > limit) refuse(req, res, limit);
    else next();
    return;
  }
  // The rest of the request runs in the request's async context (request id on every log line).
  const proceed = AsyncResource.bind(() => next());
  const original = req.push;
  const held: Buffer[] = [];
  let size = req.readableLength;
  let refused = false;
  const hook: Push = (chunk, encoding) => {
    if (refused) return true; // already answered 413: drop what still arrives
    if (chunk === null) {
      req.push = original;
      for (const c of held) original.call(req, c);
      original.call(req, null, encoding);
      setImmediate(proceed); // not from inside the HTTP parser's callback
      return false;
    }
    size += (chunk as Buffer).length;
    if (size > limit) {
      refused = true;
      held.length = 0;
      refuse(req, res, limit);
      return true;
    }
    held.push(chunk as Buffer);
    return true;
  };
  req.push = hook;
  // A client that gives up mid-body: nothing to answer, nothing to keep.
  req.once("close", () => (held.length = 0));
}

/** Express middleware enforcing the limits; install it before anything that reads a body. */
export function bodyLimits(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody) return next();
    lingerOnClose(req);
    const limit = bodyLimitFor(req.path, limits);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser guarantees the body is exactly this long (and refuses a length with chunking).
      return Number(declared) > limit ? refuse(req, res, limit) : next();
    }
    // Uploads without a length are refused by their route unread (it needs the length up front).
    if (limits.upload(req.path) !== undefined) return next();
    holdChunkedBody(req, res, next, limit);
  };
}
