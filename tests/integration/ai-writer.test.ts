import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUT_MESSAGE, TIMEOUT_MESSAGE, failureMessage, toSafeHtml, writeArticle, type WriterEvent } from "../../server/ai/writer";
import { loadConfig, setConfig } from "../../server/config";
import { FAKE_KEYS, startFakeAi } from "../e2e/fake-ai";

/** The AI writer against a local server speaking Gemini's and DeepSeek's streaming protocols. */
let fake: Awaited<ReturnType<typeof startFakeAi>>;

beforeAll(async () => {
  fake = await startFakeAi(0, { lastChunkMs: 300 });
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      AI_BASE_URL_GEMINI: `http://127.0.0.1:${fake.port}/gemini`,
      AI_BASE_URL_DEEPSEEK: `http://127.0.0.1:${fake.port}/deepseek`,
      AI_TIMEOUT_MS: "10000", // generous: the happy path must not time out on a loaded CI machine
      DEEPSEEK_API_KEY: FAKE_KEYS.deepseek,
    }),
  );
});
afterAll(() => fake.close());

async function collect(gen: AsyncGenerator<WriterEvent>) {
  const events: WriterEvent[] = [];
  for await (const e of gen) events.push(e);
  return events;
}

describe("AI writer", () => {
  it("streams growing, sanitised snapshots from Gemini with the admin's own key, then the whole article", async () => {
    const events = await collect(writeArticle({ provider: "gemini", topic: "retro handhelds nasty", tone: "casual" }, FAKE_KEYS.gemini, new AbortController().signal));
    const snapshots = events.filter((e) => e.type === "html");
    expect(snapshots.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: "done" });
    const html = (done as { html: string }).html;
    expect(html).toContain("<h2>Gemini on retro handhelds nasty</h2>");
    expect(html).toContain("That is the end of this generated article.");
    expect(html).not.toMatch(/<script|onmouseover|onclick|javascript:/i);
    for (const s of snapshots) expect((s as { html: string }).html).not.toMatch(/<script|javascript:/i);
    const request = fake.requests.at(-1)!.body as { generationConfig: Record<string, number>; contents: unknown };
    expect(request.generationConfig).toMatchObject({ temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024 });
    // Thinking would spend the same 1,024 tokens: it is off, so the 400 words arrive whole.
    expect(request.generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 0 } });
    expect(JSON.stringify(request.contents)).toContain("about 400 words");
  });

  it("uses the server's DeepSeek key when the admin has none, with the spec's settings", async () => {
    const events = await collect(writeArticle({ provider: "deepseek", topic: "pocket consoles", tone: "formal" }, undefined, new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ type: "done" });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: "deepseek-chat", temperature: 0.7, max_tokens: 1500, stream: true });
  });

  it("reports provider errors and timeouts with the spec's messages", async () => {
    const signal = new AbortController().signal;
    expect((await collect(writeArticle({ provider: "gemini", topic: "broken thing", tone: "casual" }, FAKE_KEYS.gemini, signal))).at(-1)).toEqual({
      type: "error",
      message: "Gemini API error: The model is overloaded",
    });
    expect((await collect(writeArticle({ provider: "deepseek", topic: "broken thing", tone: "casual" }, undefined, signal))).at(-1)).toEqual({
      type: "error",
      message: "DeepSeek API error: Insufficient Balance",
    });
    expect((await collect(writeArticle({ provider: "gemini", topic: "slow thing", tone: "casual" }, "wrong-key-123", signal))).at(-1)).toEqual({
      type: "error",
      message: "Gemini API error: API key not valid. Please pass a valid API key.",
    });
    const started = Date.now();
    expect((await collect(writeArticle({ provider: "deepseek", topic: "slow thing", tone: "casual" }, undefined, signal))).at(-1)).toEqual({
      type: "error",
      message: TIMEOUT_MESSAGE,
    });
    expect(Date.now() - started).toBeLessThan(14_000);
  });

  it("says so when the provider stops at its length limit (MAX_TOKENS), instead of passing half an article off as done", async () => {
    for (const [provider, key] of [
      ["gemini", FAKE_KEYS.gemini],
      ["deepseek", undefined],
    ] as const) {
      const events = await collect(writeArticle({ provider, topic: "handhelds cut short", tone: "casual" }, key, new AbortController().signal));
      expect(events.some((e) => e.type === "done")).toBe(false);
      const last = events.at(-1)!;
      expect(last).toMatchObject({ type: "cut", message: CUT_MESSAGE });
      expect((last as { html: string }).html).toContain("handhelds cut short");
      expect((last as { html: string }).html).not.toContain("That is the end of this generated article.");
    }
  });

  it("refuses to call a provider without any key", async () => {
    await expect(collect(writeArticle({ provider: "gemini", topic: "no key here", tone: "casual" }, undefined, new AbortController().signal))).rejects.toThrow(
      "An API key for Gemini API is required",
    );
  });
});

describe("AI output", () => {
  it("turns fenced or Markdown answers into safe HTML", () => {
    expect(toSafeHtml("```html\n<h2>Hi</h2><p onclick=\"x()\">there</p>\n```")).toBe("<h2>Hi</h2><p>there</p>");
    expect(toSafeHtml("## Title\n\nSome **bold** words")).toBe("<h2>Title</h2>\n<p>Some <strong>bold</strong> words</p>\n");
  });
  it("names the provider in failures it cannot explain", () => {
    expect(failureMessage("gemini", new Error("socket hang up"))).toBe("Failed to generate content with Gemini API");
    expect(failureMessage("deepseek", new Error("socket hang up"))).toBe("Failed to generate content with DeepSeek API");
  });
});
