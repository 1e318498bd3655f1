import { data } from "react-router";
import { z } from "zod";
import { refusal } from "@server/http/responses";
import { personalAnswer } from "@server/personal";
import type { PersonalView } from "@core/personal";
import type { Route } from "./+types/personal";

const NOT_STORED = { "Cache-Control": "private, no-store" };

const query = z.object({ product: z.string().regex(/^[a-z0-9-]{1,120}$/, "Give a product's slug.").optional() }).strict();

/**
 * The visitor's own parts of a shared storefront page (ADR 018): cart count, who is signed in, and
 * on a product page their saved colour, review access and helpful votes (server/personal). A few
 * milliseconds, never stored anywhere; the page asks once after load and again after each of its
 * own actions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return refusal(parsed.error.issues[0]?.message ?? "Bad request.", 400, {}, { headers: NOT_STORED });
  return data<PersonalView>(await personalAnswer(request, parsed.data.product), { headers: NOT_STORED });
}
