import { checkNewsletterRateLimit, newsletterSchema, subscribe } from "@server/marketing";
import type { Route } from "./+types/newsletter";
import { readForm } from "@server/http/form";
import { invalidForm, refusal } from "@server/http/responses";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return invalidForm(parsed.error);
  const limit = await checkNewsletterRateLimit(context.clientIp);
  if (!limit.ok) {
    return refusal("Too many sign-ups from your connection. Please try again in a few minutes.", 429, {}, {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  await subscribe(parsed.data.email);
  // The same answer whether or not the address was already subscribed: no list probing.
  return { ok: true as const, message: "Thanks for subscribing! Watch your inbox for retro news." };
}
