import { describe, expect, it } from "vitest";
import { notify } from "../../server/realtime/bus";
import { createEventStream } from "../../server/realtime/sse";
import { useTestDatabase } from "./test-db";

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string, timeoutMs = 5000) {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!text.includes(marker)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${marker}; got ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

describe("event streams", () => {
  useTestDatabase();

  it("delivers committed bus events through the filter and drops filtered ones", async () => {
    const controller = new AbortController();
    const response = createEventStream(new Request("http://x/events", { signal: controller.signal }), {
      filter: (e) => (e.type === "order" ? { event: "order", data: { id: e.id } } : null),
    });
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    expect(await readUntil(reader, "event: ready")).toContain("retry: 3000");
    await notify(undefined, { type: "catalog" });
    await notify(undefined, { type: "order", id: "o-1", action: "created" });
    const text = await readUntil(reader, "o-1");
    expect(text).toContain('event: order\ndata: {"id":"o-1"}');
    expect(text).not.toContain("catalog");
    controller.abort();
  });
});
