import http from "node:http";
import type { AddressInfo } from "node:net";
import { workerPort } from "./shop-server";

/**
 * A local stand-in for the two AI providers, speaking their streaming wire formats: Gemini's
 * `streamGenerateContent?alt=sse` and DeepSeek's OpenAI-style `chat/completions` with `stream: true`,
 * on the port its worker's shop is pointed at (shop-server.ts). The topic steers it: "slow" never
 * answers (timeout path), "broken" answers with the provider's error body, "nasty" writes markup that
 * must be sanitised, "cut" stops at the output limit (finishReason MAX_TOKENS / finish_reason length)
 * halfway through. Keys must be the ones the test typed.
 */
export const FAKE_AI_PORT = workerPort() + 2;
export const FAKE_KEYS = { gemini: "gemini-test-key-123", deepseek: "deepseek-test-key-456" };

const CHUNK_MS = 300;
/** A longer pause before the last chunk, so a test can see the article while it is still being written. */
const LAST_CHUNK_MS = 2000;

function articleChunks(topic: string, provider: string): string[] {
  const nasty = topic.includes("nasty")
    ? '<p onmouseover="alert(1)">hover</p><script>alert(2)</script><a href="javascript:alert(3)" onclick="alert(4)">bad link</a>'
    : "";
  return [
    `<h2>${provider} on ${topic}</h2>`,
    "<p>Pocket consoles bring whole libraries of classics ",
    "to the bus, the sofa and the garden.</p>",
    nasty,
    "<h3>Why they matter</h3><p>Small screens, big memories.</p>",
    "<p>That is the end of this generated article.</p>",
  ].filter(Boolean);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type FakeAi = {
  port: number;
  close: () => Promise<void>;
  requests: { provider: string; body: unknown }[];
  /** Holds every stream's last chunk until the returned function is called: a test sees "still writing" for as long as it needs, whatever the machine's load. */
  holdLastChunk: () => () => void;
};

export function startFakeAi(port = FAKE_AI_PORT, { lastChunkMs = LAST_CHUNK_MS } = {}): Promise<FakeAi> {
  const requests: { provider: string; body: unknown }[] = [];
  let gate: Promise<void> = Promise.resolve();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || "{}") as Record<string, unknown>;
    const text = JSON.stringify(body);
    const topic = /about \\"([^\\]*)\\"/.exec(text)?.[1] ?? "a topic";
    const gemini = req.url?.startsWith("/gemini/") ?? false;
    const provider = gemini ? "Gemini" : "DeepSeek";
    requests.push({ provider, body });

    const key = gemini ? req.headers["x-goog-api-key"] : String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (key !== (gemini ? FAKE_KEYS.gemini : FAKE_KEYS.deepseek)) {
      res.writeHead(401, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: 401, message: "API key not valid. Please pass a valid API key.", status: "UNAUTHENTICATED" } }));
      return;
    }
    if (topic.includes("slow")) {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return; // never answers
    }
    if (topic.includes("broken")) {
      res.writeHead(gemini ? 400 : 402, { "Content-Type": "application/json" });
      res.end(JSON.stringify(gemini ? { error: { code: 400, message: "The model is overloaded", status: "INVALID_ARGUMENT" } } : { error: { message: "Insufficient Balance", type: "unknown_error", code: "invalid_request_error" } }));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    const cut = topic.includes("cut");
    const chunks = articleChunks(topic, provider).slice(0, cut ? 3 : undefined);
    const finish = cut ? (gemini ? "MAX_TOKENS" : "length") : gemini ? "STOP" : "stop";
    for (const [i, part] of chunks.entries()) {
      const last = i === chunks.length - 1;
      await sleep(last ? lastChunkMs : CHUNK_MS);
      if (last) await gate;
      const event = gemini
        ? {
            candidates: [{ content: { parts: [{ text: part }], role: "model" }, index: 0, ...(last ? { finishReason: finish } : {}) }],
            ...(last ? { usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 120, totalTokenCount: 140 } } : {}),
            modelVersion: "gemini-2.5-flash",
          }
        : {
            id: "chatcmpl-fake",
            object: "chat.completion.chunk",
            created: Math.floor(Date.now() / 1000),
            model: "deepseek-chat",
            choices: [{ index: 0, delta: i === 0 ? { role: "assistant", content: part } : { content: part }, finish_reason: last ? finish : null }],
            ...(last ? { usage: { prompt_tokens: 20, completion_tokens: 120, total_tokens: 140 } } : {}),
          };
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    }
    if (!gemini) res.write("data: [DONE]\n\n");
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        requests,
        holdLastChunk: () => {
          let release!: () => void;
          gate = new Promise<void>((r) => (release = r));
          return release;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const r of hanging) r.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}
