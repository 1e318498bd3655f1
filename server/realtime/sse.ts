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

export function createEventStream(request: Request, opts: { filter: SseFilter; headers?: HeadersInit }): Response {
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
