import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { APICallError, streamText } from "ai";
import { marked } from "marked";
import { z } from "zod";
import { config } from "../config";
import { sanitizeRichText } from "@server/content";
import { log } from "../log";
import { DomainError } from "../errors";
import { AI_WORD_TARGET, type AiProvider, type AiRequest, type WriterEvent } from "@core/ai-writer";

export { aiRequestSchema, type WriterEvent } from "@core/ai-writer";

/**
 * The AI writer: a ~400-word article on a topic, in a tone, from Gemini or DeepSeek through the
 * Vercel AI SDK. The key is the server's, or an admin's personal key passed for this one request
 * (never stored, never logged). Output is sanitised with the one allow-list before anyone sees it.
 */

export const TIMEOUT_MESSAGE = "Request timed out. Please try again.";
/** How often the growing article is re-sent while it streams. */
const SNAPSHOT_MS = 120;


/** A personal key from the browser: bounded, printable, no whitespace. */
export const personalKeySchema = z.string().trim().regex(/^[\x21-\x7e]{8,200}$/, "That API key does not look right").optional();


/** Which providers have a key in the server's configuration (the dialog asks for one otherwise). */
export function serverKeys(): Record<AiProvider, boolean> {
  const c = config();
  return { gemini: !!c.GEMINI_API_KEY, deepseek: !!c.DEEPSEEK_API_KEY };
}

export class MissingKeyError extends DomainError {
  readonly status = 400;
  constructor(readonly provider: AiProvider) {
    super(`An API key for ${provider === "gemini" ? "Gemini API" : "DeepSeek API"} is required`);
  }
}

function model(provider: AiProvider, apiKey: string) {
  const c = config();
  if (provider === "gemini") return createGoogleGenerativeAI({ apiKey, baseURL: c.AI_BASE_URL_GEMINI })("gemini-2.5-flash");
  return createDeepSeek({ apiKey, baseURL: c.AI_BASE_URL_DEEPSEEK })("deepseek-chat");
}

/**
 * The spec's sampling settings per provider. gemini-2.5-flash "thinks" by default and spends those
 * tokens from the same output limit, so a 400-word article could come back cut: thinking is off, and
 * the spec's 1,024 tokens are all for the article (about 700 for 400 words of HTML).
 */
const SETTINGS = {
  gemini: { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024, providerOptions: { google: { thinkingConfig: { thinkingBudget: 0 } } } },
  deepseek: { temperature: 0.7, maxOutputTokens: 1500 },
} as const;

/** Said when the provider stopped at its output limit: half an article is never passed off as whole. */
export const CUT_MESSAGE = "The article was cut off before the end (the model reached its length limit). Generate again, or keep it and finish it yourself.";

const SYSTEM =
  "You write blog articles for an online shop that sells retro handheld game consoles. Answer with the article only, " +
  "as HTML fragments using <h2>, <h3>, <p>, <ul>, <ol>, <li>, <strong>, <em> and <blockquote>. No <html>, <head>, " +
  "<body>, scripts, styles, images or Markdown.";

export function articlePrompt(topic: string, tone: string): string {
  return `Write an engaging blog article of about ${AI_WORD_TARGET} words about "${topic}" in a ${tone} tone. Start with a short introduction, use two or three subheadings and finish with a brief conclusion.`;
}

/** Model text as safe HTML: code fences dropped, Markdown (if the model ignored us) rendered, then sanitised. */
export function toSafeHtml(text: string): string {
  const body = text.replace(/^\s*```(?:html)?\s*\n?/i, "").replace(/\n?```\s*$/, "");
  const html = /<[a-z][\s\S]*>/i.test(body) ? body : marked.parse(body, { async: false });
  return sanitizeRichText(html);
}

/** The spec's messages for a failed call. */
export function failureMessage(provider: AiProvider, err: unknown): string {
  const name = provider === "gemini" ? "Gemini API" : "DeepSeek API";
  if (APICallError.isInstance(err)) {
    const data = err.data as { error?: { message?: unknown } } | undefined;
    const message = typeof data?.error?.message === "string" ? data.error.message : undefined;
    if (message) return `${name} error: ${message}`;
    return provider === "gemini"
      ? "Failed to generate content with Gemini API"
      : `Failed to generate content with DeepSeek API: ${err.statusCode ?? ""} ${err.message}`.replace(/\s+/g, " ").trim();
  }
  return `Failed to generate content with ${name}`;
}

/**
 * Streams the article as growing, sanitised HTML snapshots, then `done` (or one `error`). Stops at
 * the configured timeout or when `signal` aborts (the admin closed the dialog).
 */
export async function* writeArticle(req: AiRequest, personalKey: string | undefined, signal: AbortSignal): AsyncGenerator<WriterEvent> {
  const c = config();
  const apiKey = personalKey || (req.provider === "gemini" ? c.GEMINI_API_KEY : c.DEEPSEEK_API_KEY);
  if (!apiKey) throw new MissingKeyError(req.provider);
  const timeout = AbortSignal.timeout(c.AI_TIMEOUT_MS);
  const result = streamText({
    model: model(req.provider, apiKey),
    system: SYSTEM,
    prompt: articlePrompt(req.topic, req.tone),
    ...SETTINGS[req.provider],
    maxRetries: 0,
    abortSignal: AbortSignal.any([timeout, signal]),
    onError: () => {}, // reported through the stream below
  });
  let text = "";
  let sentAt = 0;
  let failure: unknown;
  let cut = false;
  try {
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        if (Date.now() - sentAt >= SNAPSHOT_MS) {
          sentAt = Date.now();
          yield { type: "html", html: toSafeHtml(text) };
        }
      } else if (part.type === "finish") {
        cut = part.finishReason === "length";
      } else if (part.type === "error") {
        failure = part.error;
        break;
      } else if (part.type === "abort") {
        failure = new Error("aborted");
        break;
      }
    }
  } catch (err) {
    failure = err;
  }
  if (timeout.aborted) {
    yield { type: "error", message: TIMEOUT_MESSAGE };
    return;
  }
  if (failure !== undefined) {
    if (signal.aborted) return;
    log.warn(
      { provider: req.provider, status: APICallError.isInstance(failure) ? failure.statusCode : undefined, message: (failure as Error)?.message },
      "AI generation failed",
    );
    yield { type: "error", message: failureMessage(req.provider, failure) };
    return;
  }
  const html = text.trim() ? toSafeHtml(text) : "";
  if (!html.trim()) yield { type: "error", message: "No content generated" };
  else if (cut) {
    log.warn({ provider: req.provider, chars: text.length }, "AI article cut at the output limit");
    yield { type: "cut", html, message: CUT_MESSAGE };
  } else yield { type: "done", html };
}
