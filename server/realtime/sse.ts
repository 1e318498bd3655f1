import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { config } from "../config";
import { startBus, subscribe, type ShopEvent } from "./bus";

/**
 * Server-Sent Events from the bus. `filter` decides, per event and per audience, what (if anything)
 * is sent: return null to drop the event, or { event, data } to send it. It may query the database
 * (e.g. to send only published posts to the public).
 */
export type SseMessage = { event: string; data: unknown };
export type SseFilter = (e: ShopEvent) => SseMessage | null | Promise<SseMessage | null>;

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;

/** Open streams, so a graceful shutdown can end them with a retry hint. */
const open = new Set<() => void>();

/**
 * Connection caps (issue 11, item 8): each open stream holds a socket (a file descriptor) and about
 * 80 KB for as long as the client likes, and 3,000 from one address were once all accepted. Counted
 * per client address (SSE_MAX_PER_CLIENT, beyond it 429) and per process (below the open-file
 * limit, beyond it 503); a slot is freed when its stream ends, whoever ends it.
 */
const perClient = new Map<string, number>();
let total = 0;

/** Streams open now, per client address and in all (tests and diagnostics). */
export function openStreamCounts(): { total: number; clients: number } {
  return { total, clients: perClient.size };
}

/** Which cap, if any, refuses a new stream for `client` now. */
function capReached(client: string): 429 | 503 | null {
  if ((perClient.get(client) ?? 0) >= config().SSE_MAX_PER_CLIENT) return 429;
  if (total >= config().sseMaxTotal) return 503;
  return null;
}

/** Takes a slot for `client`, or says why not. The release runs once, however often it is called. */
function takeSlot(client: string): { release: () => void } | { refused: 429 | 503 } {
  const refused = capReached(client);
  if (refused) return { refused };
  perClient.set(client, (perClient.get(client) ?? 0) + 1);
  total += 1;
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    },
  };
}

/** A refused stream: closed at once, so the refusal holds no socket either; the page retries later. */
function refusal(status: 429 | 503) {
  const message =
    status === 429
      ? "Too many live-update connections from your address. Close other tabs of the shop or try again shortly."
      : "The shop has too many live-update connections right now. Please try again shortly.";
  return { status, body: { ok: false, message }, headers: { "Retry-After": "30", Connection: "close", "Cache-Control": "no-store" } };
}

/** The live-update routes' paths (app/routes.ts): /api/blog/events, /api/admin/orders/events, ... */
const STREAM_PATH = /^\/api\/(?:[\w-]+\/)*events\/?$/i;

/**
 * Express middleware: a stream request that a cap refuses is answered here, before React Router
 * handles it, so a client hammering a full cap costs what /healthz costs. (Through the route, 500
 * refusals grew the process by about 70 MB, the cost of handling any 500 requests there.) The slot
 * itself is taken by createEventStream, which checks again.
 */
export function refuseStreamsOverCap(clientOf: (req: ExpressRequest) => string) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET" || !STREAM_PATH.test(req.path)) return next();
    const refused = capReached(clientOf(req));
    if (!refused) return next();
    const { status, body, headers } = refusal(refused);
    res.status(status).set(headers).json(body);
  };
}

/**
 * A stream of the bus's events for one client (`client`: its address, as rate limits see it), or a
 * 429/503 refusal when a cap is reached.
 */
export function createEventStream(request: Request, opts: { filter: SseFilter; client: string; headers?: HeadersInit }): Response {
  const slot = takeSlot(opts.client);
  if ("refused" in slot) {
    const { status, body, headers } = refusal(slot.refused);
    return Response.json(body, { status, headers });
  }
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      /** Ends the stream from our side: the last thing the client reads is when to come back. */
      const end = () => {
        write(`retry: ${RETRY_MS}\n\n`);
        cleanup();
      };
      // Events are delivered in order even when the filter is async.
      let queue = Promise.resolve();
      const unsubscribe = subscribe((event) => {
        // Events were missed while the bus was away: the client reconnects and refetches (its 'ready').
        if (event.type === "resync") return end();
        queue = queue
          .then(() => opts.filter(event))
          .then((msg) => {
            if (msg) write(`event: ${msg.event}\ndata: ${JSON.stringify(msg.data)}\n\n`);
          })
          .catch(() => {});
      });
      const heartbeat = setInterval(() => write(`: ping\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        slot.release();
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      };
      open.add(end);
      request.signal.addEventListener("abort", cleanup);
      await startBus();
      write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
      ...Object.fromEntries(new Headers(opts.headers)),
    },
  });
}

/** Ends every open stream (graceful shutdown); clients reconnect after the retry hint. */
export function closeAllEventStreams() {
  for (const close of [...open]) close();
}
