import { redirect } from "react-router";
import { readForm } from "@server/http/form";
import { isDocumentRequest, refererPath } from "@server/http/request";
import { backInStockSchema, requestBackInStock } from "@server/inventory";
import { checkRateLimit } from "@server/security/rate-limit";
import { BACK_IN_STOCK_SENT } from "~/components/shop/product/back-in-stock-form";
import type { Route } from "./+types/back-in-stock";
import { domainErrorResponse, invalidForm, refusal } from "@server/http/responses";

/** "Email me when it's back": stores the sign-up (server/inventory/back-in-stock.ts sends the one email). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = backInStockSchema.safeParse({ variantId: form.get("variantId") ?? "", email: form.get("email") ?? "" });
  if (!parsed.success) return invalidForm(parsed.error);
  const limit = await checkRateLimit(`back-in-stock:${context.clientIp}`, { limit: 10, windowMs: 10 * 60_000 });
  if (!limit.ok) {
    return refusal("Too many sign-ups from your connection. Please try again in a few minutes.", 429, {}, {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  try {
    await requestBackInStock(parsed.data);
  } catch (err) {
    return domainErrorResponse(err);
  }
  if (isDocumentRequest(request)) {
    const back = new URL(refererPath(request, "/products"), "http://shop");
    back.searchParams.set(BACK_IN_STOCK_SENT, "sent");
    return redirect(`${back.pathname}${back.search}#back-in-stock`, { status: 303 });
  }
  return { ok: true as const, message: `Thanks: we will email ${parsed.data.email} once when it is back.` };
}
