import { data } from "react-router";
import { requireAdmin } from "@server/auth";
import { aiRequestSchema, personalKeySchema, serverKeys, writeArticle } from "@server/ai";
import { checkRateLimit } from "@server/security/rate-limit";
import type { Route } from "./+types/admin-ai";
import { domainErrorResponse, invalidForm, refusal } from "@server/http/responses";

/** Generations per admin per window: enough to iterate on a post, not enough to run up a bill. */
const AI_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** GET: which providers have a key on the server (the dialog asks the admin for one otherwise). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, ["content", "products"]);
  return data(serverKeys());
}

/**
 * POST { provider, topic, tone } (+ optional personal key in X-AI-Key): the article streamed as
 * newline-delimited JSON, each line a growing sanitised HTML snapshot, then `done` or `error`.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, ["content", "products"]);
  const limited = await checkRateLimit(`ai-writer:${admin.id}`, AI_RATE_LIMIT);
  if (!limited.ok) {
    return refusal("Too many generations. Please wait a few minutes and try again.", 429, {}, { headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  }
  const body = aiRequestSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return invalidForm(body.error);
  const key = personalKeySchema.safeParse(request.headers.get("x-ai-key") ?? undefined);
  if (!key.success) return invalidForm(key.error);

  let events: AsyncGenerator<unknown>;
  let first: IteratorResult<unknown>;
  try {
    events = writeArticle(body.data, key.data, request.signal);
    first = await events.next(); // a missing key is known before anything streams
  } catch (err) {
    return domainErrorResponse(err);
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (let step = first; !step.done; step = await events.next()) controller.enqueue(encoder.encode(`${JSON.stringify(step.value)}\n`));
      } finally {
        controller.close();
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      // no-transform: compression must not hold the stream back.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
