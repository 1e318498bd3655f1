import { Writable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { writeBody } from "../../server/http/write-body";

v8.setFlagsFromString("--expose-gc");
/** A full collection on demand (the flag above, read by a fresh context). */
const gc = vm.runInNewContext("gc") as () => void;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A socket-like sink: takes each chunk on the next turn of the event loop and keeps nothing. */
function sink(opts: { destroyAfter?: number } = {}) {
  let bytes = 0;
  let chunks = 0;
  const writable = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      chunks += 1;
      if (opts.destroyAfter !== undefined && chunks === opts.destroyAfter) setImmediate(() => writable.destroy());
      else setImmediate(callback);
    },
  });
  return { writable, written: () => ({ bytes, chunks }) };
}

describe("writeBody (a Response body onto Node's response)", () => {
  it("writes every chunk in order, waiting for the socket, then ends", async () => {
    const parts = Array.from({ length: 200 }, (_, i) => new TextEncoder().encode(`${String(i).padStart(4, "0")},${"x".repeat(1000)}\r\n`));
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next === parts.length) controller.close();
        else controller.enqueue(parts[next++]);
      },
    });
    const received: Buffer[] = [];
    const writable = new Writable({
      highWaterMark: 4096,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        setImmediate(callback);
      },
    });
    const finished = new Promise((resolve) => writable.once("finish", resolve));
    await writeBody(body, writable);
    await finished;
    expect(Buffer.concat(received).toString()).toBe(parts.map((p) => new TextDecoder().decode(p)).join(""));
  });

  /**
   * The regression: @react-router/node 7.18's writeReadableStreamToWritable raced every read against
   * one promise pending for the whole response, which kept every chunk read so far reachable until the
   * response ended (the orders CSV: 25 MB per download). Here the first chunks must be collectable
   * while the body is still being written.
   */
  it("keeps no chunk once the socket has taken it", async () => {
    const alive: WeakRef<Uint8Array>[] = [];
    let stillReachable: number | null = null;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (alive.length === 40) {
          // Two turns on, the first 20 chunks have long been written: nothing may hold them.
          await nextTurn();
          await nextTurn();
          gc();
          stillReachable = alive.slice(0, 20).filter((ref) => ref.deref() !== undefined).length;
          controller.close();
          return;
        }
        const chunk = new Uint8Array(256 * 1024).fill(65);
        alive.push(new WeakRef(chunk));
        controller.enqueue(chunk);
      },
    });
    const out = sink();
    await writeBody(body, out.writable);
    expect(out.written()).toEqual({ bytes: 40 * 256 * 1024, chunks: 40 });
    expect(stillReachable).toBe(0);
  });

  it("stops reading and cancels the body when the client goes away", async () => {
    let cancelled: unknown = "not cancelled";
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const out = sink({ destroyAfter: 3 });
    await expect(writeBody(body, out.writable)).rejects.toThrow();
    await nextTurn();
    expect(cancelled).toBeUndefined();
    expect(out.written().chunks).toBe(3);
    expect(pulls).toBeLessThan(6);
  });
});
