import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { getSavedAddress } from "@server/accounts/address";
import { getSessionUser } from "@server/auth/session";
import { isBuyNowCheckout, readCart } from "@server/cart";
import {
  checkoutCartId,
  EmptyCartError,
  NoCheckoutUrlError,
  OrderLimitError,
  OutOfStockError,
  PaymentSetupError,
  startCheckoutForRequest,
  checkCheckoutRateLimit,
  type Shortage,
} from "@server/checkout";
import { applyCartDiscountCode, cartDiscountView, DiscountRefusedError, removeCartDiscountCode } from "@server/discounts";
import { isDocumentRequest } from "@server/http/request";
import { log } from "@server/log";
import { BUY_NOW_CHECKOUT, checkoutSchema, fieldErrors, type CheckoutField, type CheckoutFieldErrors } from "~/lib/checkout-form";
import { DiscountCodeForm } from "~/components/shop/discount-code-form";
import { COUNTRIES } from "~/lib/countries";
import { discountLine, type DiscountView } from "~/lib/discount-view";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout";
import { readForm } from "@server/http/form";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const [cartId, address] = await Promise.all([checkoutCartId(request, user?.id ?? null), user ? getSavedAddress(user.id) : null]);
  const cart = cartId ? await readCart(cartId) : { lines: [], subtotalCents: 0 };
  const discount = await cartDiscountView(cartId, cart.lines);
  // A signed-in customer starts from their account's email and saved address.
  const prefill: Values | null = user ? { email: user.email, ...address } : null;
  return {
    prefill,
    /** A Buy Now checks out its one line; the form posts back to this same URL. */
    buyNow: isBuyNowCheckout(request),
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      title: l.title,
      variantName: l.variantName,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
    })),
    subtotalCents: cart.subtotalCents,
    discount,
  };
}

type Values = Partial<Record<CheckoutField, string>>;
type ActionData =
  | { kind: "invalid"; fieldErrors: CheckoutFieldErrors; values: Values }
  | { kind: "stock"; shortages: Shortage[]; values: Values }
  | { kind: "limit"; message: string; values: Values }
  | { kind: "discount"; message: string; values?: Values }
  | { kind: "empty" }
  | { kind: "error"; message: string }
  | { kind: "redirect"; paymentUrl: string };

const FIELDS: CheckoutField[] = ["email", "name", "line1", "line2", "city", "postalCode", "country"];

const discountCodeSchema = z.string().trim().min(1, "Enter a discount code").max(64, "We could not find that discount code.");

/** Apply or remove the cart's code, then back to this page (303: works without JavaScript). */
async function discountAction(request: Request, form: FormData, intent: "apply-discount" | "remove-discount") {
  const user = await getSessionUser(request);
  const cartId = await checkoutCartId(request, user?.id ?? null);
  if (!cartId) return data<ActionData>({ kind: "empty" }, { status: 400 });
  if (intent === "remove-discount") {
    await removeCartDiscountCode(cartId);
  } else {
    const code = discountCodeSchema.safeParse(form.get("code") ?? "");
    if (!code.success) return data<ActionData>({ kind: "discount", message: code.error.issues[0].message }, { status: 400 });
    const refusal = await applyCartDiscountCode(cartId, code.data, (await readCart(cartId)).lines);
    if (refusal) return data<ActionData>({ kind: "discount", message: refusal.message }, { status: 400 });
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "apply-discount" || intent === "remove-discount") return discountAction(request, form, intent);
  const values: Values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const parsed = checkoutSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionData>({ kind: "invalid", fieldErrors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  const limit = await checkCheckoutRateLimit(context.clientIp);
  if (!limit.ok) {
    return data<ActionData>(
      { kind: "error", message: "Too many checkout attempts from your connection. Please wait a few minutes and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    const user = await getSessionUser(request);
    const started = await startCheckoutForRequest(request, user?.id ?? null, parsed.data, context.clientIp);
    const headers = { "Set-Cookie": started.setCookie };
    if (isDocumentRequest(request)) return redirect(started.paymentUrl, { status: 303, headers });
    return data<ActionData>({ kind: "redirect", paymentUrl: started.paymentUrl }, { headers });
  } catch (err) {
    if (err instanceof OutOfStockError) return data<ActionData>({ kind: "stock", shortages: err.shortages, values }, { status: 409 });
    if (err instanceof OrderLimitError) return data<ActionData>({ kind: "limit", message: err.message, values }, { status: 400 });
    if (err instanceof DiscountRefusedError) return data<ActionData>({ kind: "discount", message: err.message, values }, { status: 400 });
    if (err instanceof EmptyCartError) return data<ActionData>({ kind: "empty" }, { status: 400 });
    if (err instanceof PaymentSetupError) {
      return data<ActionData>({ kind: "error", message: `Payment setup failed: ${err.message}` }, { status: 502 });
    }
    if (err instanceof NoCheckoutUrlError) return data<ActionData>({ kind: "error", message: err.message }, { status: 502 });
    log.error({ err }, "checkout failed");
    return data<ActionData>(
      { kind: "error", message: "An unexpected error occurred: the shop could not start your payment. Please try again." },
      { status: 500 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Checkout", description: "Shipping details and secure card payment.", path: "/checkout", noindex: true });

/** The spec's redirect to the payment page one second after its URL arrives. */
const REDIRECT_DELAY_MS = 1000;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paymentUrl = actionData?.kind === "redirect" ? actionData.paymentUrl : null;
  const formAction = loaderData.buyNow ? BUY_NOW_CHECKOUT : "/checkout";
  const settingUp = paymentUrl !== null || (navigation.state === "submitting" && navigation.formAction === formAction);

  useEffect(() => {
    if (!paymentUrl) return;
    const timer = setTimeout(() => window.location.assign(paymentUrl), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paymentUrl]);

  if (actionData?.kind === "error") return <CheckoutError message={actionData.message} />;

  if (loaderData.lines.length === 0 && !settingUp) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Your cart is empty</h1>
        <p className="mt-2 text-gray-600">Add some awesome gaming gear to get started!</p>
        <Link to="/products" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Browse Products
        </Link>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_380px]">
        <OrderSummary lines={loaderData.lines} subtotalCents={loaderData.subtotalCents} discount={loaderData.discount}>
          <DiscountCodeForm action={formAction} discount={loaderData.discount} error={actionData?.kind === "discount" ? actionData.message : null} />
        </OrderSummary>
        <div className="lg:order-first">
          {actionData?.kind === "stock" ? <StockProblems shortages={actionData.shortages} buyNow={loaderData.buyNow} /> : null}
          {actionData?.kind === "limit" ? (
            <CartProblem buyNow={loaderData.buyNow}>
              <p>{actionData.message}</p>
            </CartProblem>
          ) : null}
          <CheckoutForm
            action={formAction}
            serverErrors={actionData?.kind === "invalid" ? actionData.fieldErrors : undefined}
            values={actionData && "values" in actionData && actionData.values ? actionData.values : (loaderData.prefill ?? undefined)}
            disabled={settingUp}
          />
        </div>
      </div>
      {settingUp ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/90">
          <div role="status" className="flex flex-col items-center gap-4 text-lg font-semibold">
            <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
            Setting up your payment...
          </div>
        </div>
      ) : null}
    </main>
  );
}

type SummaryLine = Route.ComponentProps["loaderData"]["lines"][number];

function OrderSummary({ lines, subtotalCents, discount, children }: { lines: SummaryLine[]; subtotalCents: number; discount: DiscountView | null; children: React.ReactNode }) {
  const applied = discount?.applied ? discount : null;
  return (
    <section aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-gray-200 bg-gray-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-gray-200">
        {lines.map((l) => (
          <li key={l.variantId} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              <span className="font-medium">{l.title}</span>
              <span className="block text-gray-600">
                {l.variantName}
                {l.quantity > 1 ? ` × ${l.quantity}` : ""}
              </span>
            </span>
            <span className="font-medium">{formatMoney(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-gray-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-600">Subtotal</dt>
          <dd>{formatMoney(subtotalCents)}</dd>
        </div>
        {applied ? (
          <div className="flex justify-between text-green-800">
            <dt>Discount ({applied.code})</dt>
            <dd data-testid="checkout-discount">{applied.freeShipping ? discountLine(applied) : `-${formatMoney(applied.amountCents)}`}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt className="text-gray-600">Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatMoney(applied ? applied.totalCents : subtotalCents)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

/**
 * A refusal of the cart as it stands, above the form: nothing was charged, the cart is where to fix
 * it (for a Buy Now, the products: its one line is chosen again on the product page).
 */
function CartProblem({ children, buyNow }: { children: React.ReactNode; buyNow: boolean }) {
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
      <p className="mt-2">
        Nothing has been charged.{" "}
        {buyNow ? (
          <Link to="/products" className="font-semibold underline">
            Choose again
          </Link>
        ) : (
          <Link to="/cart" className="font-semibold underline">
            Update your cart
          </Link>
        )}
      </p>
    </div>
  );
}

function StockProblems({ shortages, buyNow }: { shortages: Shortage[]; buyNow: boolean }) {
  return (
    <CartProblem buyNow={buyNow}>
      <p className="font-semibold">Some items in your cart are no longer available in that quantity:</p>
      <ul className="mt-2 list-disc pl-5">
        {shortages.map((s) => (
          <li key={s.variantId}>
            {s.available === 0
              ? `${s.title} (${s.variantName}) is sold out.`
              : `${s.title} (${s.variantName}): only ${s.available} left, you asked for ${s.requested}.`}
          </li>
        ))}
      </ul>
    </CartProblem>
  );
}

function CheckoutError({ message }: { message: string }) {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Checkout Error</h1>
      <p role="alert" className="mt-3 text-gray-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* A full reload, as the spec's 'Try Again' does. */}
        <a href="/checkout" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Try Again
        </a>
        <Link to="/products" className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50">
          Return to Products
        </Link>
      </div>
    </main>
  );
}

const FIELD_SPECS: {
  name: CheckoutField;
  label: string;
  type?: string;
  autoComplete: string;
  optional?: boolean;
}[] = [
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "name", label: "Full name", autoComplete: "name" },
  { name: "line1", label: "Address line 1", autoComplete: "address-line1" },
  { name: "line2", label: "Address line 2 (optional)", autoComplete: "address-line2", optional: true },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "postalCode", label: "Postal code", autoComplete: "postal-code" },
];

function CheckoutForm({
  action,
  serverErrors,
  values,
  disabled,
}: {
  action: string;
  serverErrors?: CheckoutFieldErrors;
  values?: Values;
  disabled: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<CheckoutFieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};

  useEffect(() => setClientErrors(null), [serverErrors]);

  // The same schema as the action: errors show at once, and the first invalid field takes focus.
  function validate(event: React.FormEvent<HTMLFormElement>) {
    const parsed = checkoutSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const inputClass = (field: CheckoutField) =>
    `mt-1 block w-full rounded-lg border px-3 py-2.5 text-base focus:outline-none focus:ring-2 focus:ring-brand-600 ${
      errors[field] ? "border-red-600" : "border-gray-300"
    }`;

  return (
    <Form method="post" action={action} noValidate ref={formRef} onSubmit={validate} aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold">
        Contact and shipping
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {FIELD_SPECS.map((f) => (
          <div key={f.name} className={f.name === "email" || f.name.startsWith("line") ? "sm:col-span-2" : undefined}>
            <label htmlFor={`checkout-${f.name}`} className="text-sm font-medium">
              {f.label}
            </label>
            <input
              id={`checkout-${f.name}`}
              name={f.name}
              type={f.type ?? "text"}
              autoComplete={f.autoComplete}
              required={!f.optional}
              defaultValue={values?.[f.name]}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `checkout-${f.name}-error` : undefined}
              className={inputClass(f.name)}
            />
            <FieldError id={`checkout-${f.name}-error`} message={errors[f.name]} />
          </div>
        ))}
        <div>
          <label htmlFor="checkout-country" className="text-sm font-medium">
            Country
          </label>
          <select
            id="checkout-country"
            name="country"
            autoComplete="country"
            required
            defaultValue={values?.country || "GB"}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? "checkout-country-error" : undefined}
            className={inputClass("country")}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id="checkout-country-error" message={errors.country} />
        </div>
      </div>
      <button
        type="submit"
        disabled={disabled}
        className="mt-8 w-full rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Continue to Payment
      </button>
      <p className="mt-3 text-center text-sm text-gray-600">You will pay on our payment provider&apos;s secure page.</p>
    </Form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}
