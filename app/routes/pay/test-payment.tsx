import { data, Form, redirect, useNavigation } from "react-router";
import { getShopSettings } from "@server/content";
import { activeTestSession } from "@server/payments";
import { isTestSessionClosed, payTestSession, testCardSchema } from "@server/payments";
import { taxLineText } from "@core/checkout-quote";
import { fieldErrors, firstMessage, formMessage } from "@core/form";
import { formatMoney } from "@core/money";
import { formatExpiryInput } from "@core/card-expiry";
import { paymentDiscountNote } from "@core/discount-view";
import type { Route } from "./+types/test-payment";
import { readForm } from "@server/http/form";
import { buttonClass } from "~/components/ui/button";

/**
 * The built-in test provider's hosted payment page. It stands in for Stripe's page: the card number
 * is read here and goes no further; the shop learns only brand and last 4 through the webhook.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const session = activeTestSession(params.sessionId);
  if (!session) throw data("Payment session not found", { status: 404 });
  const shop = await getShopSettings();
  return {
    shopName: shop.shopName,
    amountCents: session.amountCents,
    currency: session.currency,
    discount: session.discount,
    shipping: session.shipping,
    taxLines: session.taxLines,
    email: session.email,
    orderNumber: session.orderNumber,
    expired: session.expiresAt.getTime() <= Date.now() || (await isTestSessionClosed(session.id)),
    cancelUrl: session.cancelUrl,
  };
}

type CardField = "cardNumber" | "expiry" | "cvc";
type ActionData = { ok: false; message: string; fieldErrors: Partial<Record<CardField, string>> };

export async function action({ request, params }: Route.ActionArgs) {
  const session = activeTestSession(params.sessionId);
  if (!session) throw data("Payment session not found", { status: 404 });
  const form = await readForm(request);
  const parsed = testCardSchema.safeParse({ cardNumber: form.get("cardNumber"), expiry: form.get("expiry"), cvc: form.get("cvc") });
  if (!parsed.success) {
    return data<ActionData>({ ok: false, message: firstMessage(parsed.error), fieldErrors: fieldErrors(parsed.error) }, { status: 422 });
  }
  const result = await payTestSession(session, parsed.data);
  if (result.ok) return redirect(result.redirectTo, 303);
  return data<ActionData>({ ok: false, message: result.error, fieldErrors: {} }, { status: result.status });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `Pay ${page.shopName} | Test payments` : "Test payments" },
  { name: "robots", content: "noindex, nofollow" },
];

const FIELDS: { name: CardField; label: string; autoComplete: string; placeholder: string; maxLength: number }[] = [
  { name: "cardNumber", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234", maxLength: 23 },
  { name: "expiry", label: "Expiry (MM / YY)", autoComplete: "cc-exp", placeholder: "MM / YY", maxLength: 7 },
  { name: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "CVC", maxLength: 4 },
];

function formatExpiry(e: React.FormEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  input.value = formatExpiryInput(input.value, (e.nativeEvent as InputEvent).inputType?.startsWith("delete") ?? false);
}

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="min-h-screen bg-gray-100">
      <div className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        Test mode: no real card is charged. Use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.
      </div>
      <main id="main" className="mx-auto max-w-md px-4 py-10">
        <p className="text-sm font-medium text-gray-600">Pay {loaderData.shopName}</p>
        <h1 className="mt-1 text-4xl font-bold" data-testid="pay-amount">
          {formatMoney(loaderData.amountCents, loaderData.currency)}
        </h1>
        {loaderData.discount ? (
          <p className="mt-1 text-sm font-medium text-green-800" data-testid="pay-discount">
            {paymentDiscountNote(loaderData.discount, loaderData.currency)}
          </p>
        ) : null}
        {/* The breakdown the shop computed, as Stripe's page shows its shipping and tax lines. */}
        {loaderData.shipping ? (
          <p className="mt-1 text-sm text-gray-700" data-testid="pay-shipping">
            Shipping ({loaderData.shipping.name}){" "}
            {loaderData.shipping.amountCents === 0 ? "Free" : formatMoney(loaderData.shipping.amountCents, loaderData.currency)}
          </p>
        ) : null}
        {loaderData.taxLines.map((t) => (
          <p key={t.name} className="mt-1 text-sm text-gray-700" data-testid="pay-tax">
            {taxLineText(t, loaderData.currency)}
          </p>
        ))}
        <p className="mt-1 text-sm text-gray-600">
          Order {loaderData.orderNumber} · {loaderData.email}
        </p>
        {loaderData.expired ? (
          <div role="alert" className="mt-8 rounded-xl bg-white p-6 shadow-sm">
            <p className="font-semibold">This payment session has expired.</p>
            <p className="mt-2 text-sm text-gray-700">Return to the shop and check out again.</p>
          </div>
        ) : (
          <Form method="post" noValidate className="mt-8 rounded-xl bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">Card details</h2>
            {formMessage(actionData) ? (
              <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                {formMessage(actionData)}
              </p>
            ) : null}
            <div className="mt-4 grid grid-cols-2 gap-4">
              {FIELDS.map((f) => (
                <div key={f.name} className={f.name === "cardNumber" ? "col-span-2" : undefined}>
                  <label htmlFor={`pay-${f.name}`} className="text-sm font-medium">
                    {f.label}
                  </label>
                  <input
                    id={`pay-${f.name}`}
                    name={f.name}
                    inputMode="numeric"
                    autoComplete={f.autoComplete}
                    placeholder={f.placeholder}
                    maxLength={f.maxLength}
                    // "1230" shows as "12 / 30" while typed, as on Stripe's page (the server reads either).
                    onInput={f.name === "expiry" ? formatExpiry : undefined}
                    required
                    aria-invalid={errors[f.name] ? true : undefined}
                    aria-describedby={errors[f.name] ? `pay-${f.name}-error` : undefined}
                    className={`mt-1 block w-full rounded-lg border px-3 py-2.5 font-mono text-base focus:outline-none focus:ring-2 focus:ring-brand-600 ${
                      errors[f.name] ? "border-red-600" : "border-gray-300"
                    }`}
                  />
                  {errors[f.name] ? (
                    <p id={`pay-${f.name}-error`} className="mt-1 text-sm font-medium text-red-700">
                      {errors[f.name]}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
            <button
              type="submit"
              disabled={paying}
              className={buttonClass("primary", "large", "mt-6 w-full text-lg")}
            >
              {paying ? "Processing..." : `Pay ${formatMoney(loaderData.amountCents, loaderData.currency)}`}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center">
          <a href={loaderData.cancelUrl} className="text-sm font-medium text-gray-700 underline hover:text-gray-900">
            Cancel and return to {loaderData.shopName}
          </a>
        </p>
      </main>
    </div>
  );
}
