import { data, redirect } from "react-router";
import { z } from "zod";
import { getSessionUser } from "@server/auth";
import { domainErrorResponse, invalidForm, refusal } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { isDocumentRequest, refererPath } from "@server/http/request";
import { HELPFUL_PARAM } from "@core/reviews";
import { markHelpful } from "@server/reviews";
import { checkRateLimit } from "@server/security/rate-limit";
import type { Route } from "./+types/review-helpful";

const helpfulSchema = z.object({ reviewId: z.uuid({ message: "This review no longer exists." }) });

type HelpfulAnswer = { ok: true; helpfulCount: number; counted: boolean } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * POST /reviews/helpful: "Was this helpful?" (server/reviews/helpful.ts counts it once per visitor).
 * A fetcher gets the new count; a plain form post (no JavaScript) a 303 back to the review.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = helpfulSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return invalidForm(parsed.error);
  // New visitor ids are free to make: the limit keeps one connection from voting a review up at will.
  const limit = await checkRateLimit(`review-helpful:${context.clientIp}`, { limit: 30, windowMs: 10 * 60_000 });
  if (!limit.ok) {
    return refusal("Too many votes from your connection. Please try again in a few minutes.", 429, {}, {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const user = await getSessionUser(request);
  let result;
  try {
    result = await markHelpful(request, user?.id ?? null, parsed.data.reviewId);
  } catch (err) {
    return domainErrorResponse(err);
  }
  const headers = result.setCookie ? { "Set-Cookie": result.setCookie } : undefined;
  if (isDocumentRequest(request)) {
    // Back to the review, saying so in the address: the product page is everyone's (ADR 018) and
    // cannot know this visitor voted; the query is all it needs to say "You found this helpful".
    const back = new URL(refererPath(request, "/products"), "http://shop");
    back.searchParams.set(HELPFUL_PARAM, parsed.data.reviewId);
    return redirect(`${back.pathname}${back.search}#review-${parsed.data.reviewId}`, { status: 303, headers });
  }
  return data<HelpfulAnswer>({ ok: true, helpfulCount: result.helpfulCount, counted: result.counted }, { headers });
}
