import type { Writable } from "node:stream";

/**
 * Writes a Response body to Node's response, waiting for `drain` when the socket (or the compression
 * middleware's gzip stream) is full, as `writeReadableStreamToWritable` of @react-router/node does,
 * without its leak.
 *
 * Why our own: @react-router/node 7.18 races every read and every drain against ONE promise that
 * settles only if the response errors or closes (`Promise.race([read, writableErrorPromise])`). Each
 * race leaves a reaction on that pending promise, and the reaction keeps the race's settled promise,
 * whose value is the chunk just read: every chunk of a body stays reachable until the response ends
 * (nodejs/node#17469, remix-run/react-router#15247; fixed in v8 only, which needs Node 22). For a
 * page that is a few kilobytes; for the orders CSV it was the whole 25 MB file held as Uint8Arrays,
 * promoted to V8's old generation and freed only by the next full collection (docs/back-office.md,
 * "CSV export for the accountant"). Here each wait has its own short-lived promise, and only the
 * waits still pending are remembered, so a chunk is garbage once the socket has it.
 */
export async function writeBody(stream: ReadableStream<Uint8Array>, writable: Writable): Promise<void> {
  const reader = stream.getReader();
  const watch = watchWritable(writable);
  const flushable = writable as Writable & { flush?: () => void };
  try {
    for (;;) {
      watch.throwIfClosed();
      const { done, value } = await watch.until(reader.read());
      if (done) {
        writable.end();
        return;
      }
      watch.throwIfClosed();
      const more = writable.write(value);
      // The compression middleware's flush: a streamed body reaches the browser as it is made.
      flushable.flush?.();
      if (!more) await watch.until(drained(writable));
    }
  } catch (error) {
    reader.cancel(error instanceof WritableClosedError ? undefined : error).catch(() => {});
    if (!(error instanceof WritableClosedError) && !writable.destroyed) {
      writable.once("error", () => {});
      writable.destroy(error instanceof Error ? error : new Error(String(error)));
    }
    throw error;
  } finally {
    watch.stop();
    try {
      reader.releaseLock();
    } catch {
      // a read still pending keeps the lock: the stream was cancelled above
    }
  }
}

class WritableClosedError extends Error {}

function drained(writable: Writable): Promise<void> {
  return new Promise<void>((resolve) => writable.once("drain", resolve));
}

/**
 * The writable's error or close, as a rejection of whatever is being waited for. `until(p)` settles
 * as `p` does, or rejects when the writable fails first; nothing outlives the wait.
 */
function watchWritable(writable: Writable) {
  let failure: Error | null = null;
  const waiting = new Set<(err: Error) => void>();
  const fail = (err: Error) => {
    if (failure) return;
    failure = err;
    for (const reject of waiting) reject(err);
    waiting.clear();
  };
  const onError = (err: Error) => fail(err);
  const onClose = () => fail(new WritableClosedError("the response closed before its body was sent"));
  writable.once("error", onError);
  writable.once("close", onClose);
  return {
    throwIfClosed() {
      if (failure) throw failure;
      if (writable.destroyed || writable.writableEnded) throw new WritableClosedError("the response is already closed");
    },
    until<T>(promise: Promise<T>): Promise<T> {
      if (failure) return Promise.reject(failure);
      return new Promise<T>((resolve, reject) => {
        waiting.add(reject);
        promise.then(
          (value) => {
            waiting.delete(reject);
            resolve(value);
          },
          (err: unknown) => {
            waiting.delete(reject);
            reject(err);
          },
        );
      });
    },
    stop() {
      writable.off("close", onClose);
      // A writable destroyed with an error it has not emitted yet emits it on the next tick: the
      // listener stays, or that event would be an uncaught exception.
      if (!(writable.destroyed && writable.errored)) writable.off("error", onError);
    },
  };
}
