import { data, Form, Link, redirect, useNavigation } from "react-router";
import { readForm } from "@server/http/form";
import { checkOrderLookupRateLimit, findOrderId, forgetLookup, getLookedUpOrder, lookedUpOrderId, rememberLookup } from "@server/orders";
import { RETURN_REQUEST_SENT, submitReturnRequest } from "@server/orders";
import { missingPageOrDomainError } from "@server/http/responses";
import { CustomerOrderDetails } from "~/components/order/customer-order";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { fieldErrors, formFields } from "@core/form";
import { ORDER_LOOKUP_NOT_FOUND, orderLookupSchema } from "@core/order-lookup";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/order-lookup";

/**
 * /orders/lookup: anyone finds a placed order with its number and email (server/orders/lookup.ts),
 * then sees it read-only as the account's order page shows it, and may ask for a return. Plain
 * forms: post, redirect, get, so it works without JavaScript and a reload does not post again.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Look up an order",
    description: "Find your order with its number and the email address you ordered with.",
    path: "/orders/lookup",
    noindex: true,
  });

/** An order on screen is personal: never kept by shared caches or the back-forward cache. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const h = new Headers(actionHeaders);
  h.set("Cache-Control", "private, no-store");
  return h;
};

export async function loader({ request }: Route.LoaderArgs) {
  // The order emails link here with ?number=: the form opens with it filled in (normalised as the form's own rule does).
  const given = orderLookupSchema.shape.number.safeParse(new URL(request.url).searchParams.get("number") ?? "");
  return { order: await getLookedUpOrder(request), number: given.success ? given.data : "" };
}

const FIELDS = ["number", "email"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

type LookupAnswer =
  | { kind: "invalid"; values: Values; fieldErrors: Record<string, string> }
  | { kind: "not-found" | "rate-limited"; values: Values; message: string };


export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "forget") return redirect("/orders/lookup", { status: 303, headers: { "Set-Cookie": await forgetLookup() } });
  if (intent === "return") {
    // Only the order this browser looked up; without it (expired, cleared) the page asks again.
    const orderId = await lookedUpOrderId(request);
    if (!orderId) return redirect("/orders/lookup", { status: 303 });
    try {
      await submitReturnRequest(form, { lookedUp: true }, orderId);
    } catch (err) {
      return missingPageOrDomainError(err);
    }
    return data({ ok: true as const, message: RETURN_REQUEST_SENT });
  }
  const values: Values = formFields(form, FIELDS);
  const parsed = orderLookupSchema.safeParse(values);
  if (!parsed.success) return data<LookupAnswer>({ kind: "invalid", values, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  const limit = await checkOrderLookupRateLimit(context.clientIp);
  if (!limit.ok) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return data<LookupAnswer>(
      { kind: "rate-limited", values, message: `Too many lookups from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const orderId = await findOrderId(parsed.data);
  // One answer whichever of the two is wrong (or both): nothing says which.
  if (!orderId) return data<LookupAnswer>({ kind: "not-found", values, message: ORDER_LOOKUP_NOT_FOUND }, { status: 404 });
  return redirect("/orders/lookup", { status: 303, headers: { "Set-Cookie": await rememberLookup(orderId) } });
}

export default function OrderLookup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const { order } = loaderData;
  if (order) {
    const returned = actionData && "ok" in actionData ? actionData : undefined;
    return (
      <main id="main" className="mx-auto max-w-4xl px-4 py-10">
        <CustomerOrderDetails order={order} result={returned} pending={pending} headingLevel={1} />
        <Form method="post" className="mt-8">
          <Button type="submit" name="intent" value="forget" variant="secondary" disabled={pending}>
            Look up another order
          </Button>
        </Form>
      </main>
    );
  }
  const answer = actionData && "kind" in actionData ? actionData : undefined;
  return <LookupForm answer={answer} pending={pending && navigation.formAction === "/orders/lookup"} number={loaderData.number} />;
}

function LookupForm({ answer, pending, number }: { answer: LookupAnswer | undefined; pending: boolean; number: string }) {
  const { errors, onSubmit } = useSchemaForm(orderLookupSchema, answer?.kind === "invalid" ? answer.fieldErrors : undefined);
  const values: Partial<Values> = answer?.values ?? { number };
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Look up an order</h1>
      <p className="mt-2 text-gray-700">
        Enter your order number, which is in your order confirmation email (it looks like PR-261123-EQDK6), and the email address you ordered with.
      </p>
      <Form method="post" action="/orders/lookup" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <FormError message={answer && answer.kind !== "invalid" ? answer.message : null} />
        <TextField label="Order number" name="number" required maxLength={40} autoComplete="off" autoCapitalize="characters" spellCheck={false} defaultValue={values.number} error={errors.number} />
        <TextField label="Email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={values.email} error={errors.email} />
        <Button type="submit" name="intent" value="lookup" disabled={pending} className="w-full sm:w-auto">
          {pending ? "Looking up..." : "Find my order"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        Have an account?{" "}
        <Link to="/auth?redirectTo=%2Faccount" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>{" "}
        to see all your orders.
      </p>
    </main>
  );
}
