import { afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "../../server/config";
import { notify } from "../../server/realtime/bus";
import { createEventStream, openStreamCounts } from "../../server/realtime/sse";
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
      client: "203.0.113.1",
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

  describe("connection caps (issue 11, item 8)", () => {
    const original = config();
    afterEach(() => setConfig(original));

    /** Opens a stream for `client`; `close` ends it as the client's disconnect does. */
    function open(client: string) {
      const controller = new AbortController();
      const response = createEventStream(new Request("http://x/events", { signal: controller.signal }), { filter: () => null, client });
      if (response.ok) void response.body!.getReader().read(); // the stream starts, as when served
      return { status: response.status, response, close: () => controller.abort() };
    }

    it("refuses a client past its cap with 429 and the process past its cap with 503; an ended stream frees its slot", async () => {
      setConfig({ ...original, SSE_MAX_PER_CLIENT: 2, sseMaxTotal: 3 });
      const before = openStreamCounts().total;
      const a = [open("198.51.100.1"), open("198.51.100.1")];
      expect(a.map((s) => s.status)).toEqual([200, 200]);
      const third = open("198.51.100.1");
      expect(third.status).toBe(429);
      expect(third.response.headers.get("Retry-After")).toBe("30");
      expect(await third.response.json()).toEqual({ ok: false, message: expect.stringContaining("Too many live-update connections from your address") });
      const b = open("198.51.100.2");
      expect(b.status).toBe(200);
      const c = open("198.51.100.3");
      expect(c.status).toBe(503);
      expect(openStreamCounts().total).toBe(before + 3);
      a[0].close();
      expect(openStreamCounts().total).toBe(before + 2);
      const again = open("198.51.100.1");
      expect(again.status).toBe(200);
      for (const s of [a[1], b, again]) s.close();
      expect(openStreamCounts()).toEqual({ total: before, clients: 0 });
    });
  });
});
