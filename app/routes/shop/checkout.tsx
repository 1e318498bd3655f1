import { useEffect, useState } from "react";
import { itemLabel } from "@core/variant";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { getAddress, listAddresses } from "@server/accounts";
import { getSessionUser } from "@server/auth";
import { isBuyNowCheckout, OrderLimitError, readCart } from "@server/cart";
import {
  checkoutCartId,
  EmptyCartError,
  OutOfStockError,
  startCheckoutForRequest,
  checkCheckoutRateLimit,
  checkoutQuoteView,
  PricingError,
  quoteCheckout,
  type Shortage,
} from "@server/checkout";
import { applyDiscountIntent, DiscountRefusedError, discountViewOf, isDiscountIntent, type DiscountIntent } from "@server/discounts";
import { acceptLanguageRegions, shopperForRequest } from "@server/pricing";
import { isDocumentRequest } from "@server/http/request";
import { useHydrated } from "~/lib/use-hydrated";
import { log } from "@server/log";
import { DomainError } from "@server/errors";
import { domainErrorResponse } from "@server/http/responses";
import { BUY_NOW_CHECKOUT, CHECKOUT_CHOICE_FIELDS, checkCheckoutForm, checkoutChoicesSchema, checkoutSchema, type CheckoutField, type CheckoutFieldErrors } from "@core/checkout-form";
import { addressOneLine, NEW_ADDRESS } from "@core/address-book";
import { fieldErrors } from "@core/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { DiscountCodeForm } from "~/components/shop/discount-code-form";
import { formatDeliveryRange, taxLineLabel, type CheckoutQuoteView } from "@core/checkout-quote";
import { COUNTRY_CODES } from "@core/countries";
import { AddressFields } from "~/components/address-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckboxField, ChoiceGroup, TextField } from "~/components/ui/field";
import { discountLine, type DiscountView } from "@core/discount-view";
import { formatMoney } from "@core/money";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout";
import { readForm } from "@server/http/form";

const isCountry = (v: unknown): v is string => typeof v === "string" && (COUNTRY_CODES as readonly string[]).includes(v);

/**
 * The country the checkout opens with: the saved address's, else the browser's region when it is in
 * the shopper's market, else that market's first country.
 */
async function defaultCountry(request: Request, saved: string | null | undefined): Promise<string> {
  if (isCountry(saved)) return saved;
  const { market } = await shopperForRequest(request);
  const region = acceptLanguageRegions(request.headers.get("Accept-Language")).find((r) => market.countries.includes(r));
  return region ?? market.countries[0];
}

type Priced = { quote: CheckoutQuoteView | null; countryError: string | null; discount: DiscountView | null };

/**
 * The summary for a country and method, priced by the server (the page shows exactly what
 * checkout will charge). A method of another zone falls back to the zone's first: the shopper
 * changed country. A country the shop does not deliver to gives no quote, only the reason.
 */
async function priceFor(
  cartId: string | null,
  lines: Awaited<ReturnType<typeof readCart>>["lines"],
  destination: { country: string; region: string | null },
  methodId: string | null,
): Promise<Priced> {
  if (lines.length === 0) return { quote: null, countryError: null, discount: null };
  try {
    const priced = await quoteCheckout({ cartId, lines, ...destination, methodId, fallbackMethod: true });
    return { quote: checkoutQuoteView(priced, destination, lines), countryError: null, discount: priced.discount ? discountViewOf(priced.discount) : null };
  } catch (err) {
    if (err instanceof PricingError) return { quote: null, countryError: err.message, discount: null };
    throw err;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const [cartId, addresses] = await Promise.all([checkoutCartId(request, user?.id ?? null), user ? listAddresses(user.id) : []]);
  // The default address first (listAddresses' order): preselected under "Ship to".
  const address = addresses[0] ?? null;
  const cart = cartId ? await readCart(cartId) : { lines: [], subtotalCents: 0 };
  // ?country=&region=&method= : the summary as the shopper changes them (the form's fetcher asks for it).
  const url = new URL(request.url);
  const asked = url.searchParams.get("country");
  const country = isCountry(asked) ? asked : await defaultCountry(request, address?.country);
  const region = isCountry(asked) ? url.searchParams.get("region") : country === address?.country ? (address.region ?? null) : null;
  const priced = await priceFor(cartId, cart.lines, { country, region }, url.searchParams.get("method"));
  // A signed-in customer starts from their account's email and default address.
  const prefill: Values | null = user ? { email: user.email, addressId: address?.id ?? NEW_ADDRESS } : null;
  return {
    prefill,
    signedIn: user !== null,
    savedAddresses: addresses,
    /** A Buy Now checks out its one line; the form posts back to this same URL. */
    buyNow: isBuyNowCheckout(request),
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      title: l.title,
      variantName: l.variantName,
      quantity: l.quantity,
    })),
    country,
    ...priced,
  };
}

type Values = Partial<Record<CheckoutField | (typeof CHECKOUT_CHOICE_FIELDS)[number], string>>;
type ActionData =
  | { kind: "invalid"; fieldErrors: CheckoutFieldErrors; values: Values; priced?: Priced }
  /** The no-JavaScript "Update delivery options": the summary for the posted country and method. */
  | { kind: "quote"; values: Values; priced: Priced }
  | { kind: "stock"; shortages: Shortage[]; values: Values }
  | { kind: "limit"; message: string; values: Values }
  | { kind: "discount"; message: string; values?: Values }
  | { kind: "empty" }
  | { kind: "error"; message: string }
  | { kind: "redirect"; paymentUrl: string };

const FIELDS = ["email", "country", "name", "line1", "line2", "city", "region", "postalCode", "shippingMethod", ...CHECKOUT_CHOICE_FIELDS] as const;

const GONE_ADDRESS = "This address is no longer in your address book. Please choose another.";

/**
 * The details checkout works with: a signed-in customer's chosen saved address (by id, from their
 * own address book) replaces the typed fields, which are the "new address". Null: the id is not one
 * of theirs (deleted in another tab, or never theirs).
 */
async function withChosenAddress(userId: string | null, values: Values): Promise<Values | null> {
  const id = values.addressId;
  if (!id || id === NEW_ADDRESS) return values;
  const saved = userId ? await getAddress(userId, id) : null;
  if (!saved) return null;
  return { ...values, name: saved.name, line1: saved.line1, line2: saved.line2 ?? "", city: saved.city, region: saved.region ?? "", postalCode: saved.postalCode, country: saved.country };
}

/** Apply or remove the cart's code, then back to this page (303: works without JavaScript). */
async function discountAction(request: Request, form: FormData, intent: DiscountIntent) {
  const user = await getSessionUser(request);
  const cartId = await checkoutCartId(request, user?.id ?? null);
  if (!cartId) return data<ActionData>({ kind: "empty" }, { status: 400 });
  // Judged in the shopper's market (its currency's minimum); checkout prices it again for the country.
  const { market } = await shopperForRequest(request);
  const refusal = await applyDiscountIntent(cartId, intent, form, { market });
  if (refusal) return data<ActionData>({ kind: "discount", message: refusal }, { status: 400 });
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isDiscountIntent(intent)) return discountAction(request, form, intent);
  const values: Values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const user = await getSessionUser(request);
  // `values` go back to the form as posted; `details` are what is priced and ordered.
  const details = await withChosenAddress(user?.id ?? null, values);
  if (!details) {
    return data<ActionData>({ kind: "invalid", fieldErrors: { addressId: GONE_ADDRESS }, values, priced: await pricedForm(request, values) }, { status: 400 });
  }
  if (intent === "quote") return data<ActionData>({ kind: "quote", values, priced: await pricedForm(request, details) });
  const parsed = checkoutSchema.safeParse(details);
  const choices = checkoutChoicesSchema.safeParse(values);
  if (!parsed.success || !choices.success) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(choices.success ? {} : fieldErrors(choices.error)) };
    return data<ActionData>({ kind: "invalid", fieldErrors: errors, values, priced: await pricedForm(request, details) }, { status: 400 });
  }
  const limit = await checkCheckoutRateLimit(context.clientIp);
  if (!limit.ok) {
    return data<ActionData>(
      { kind: "error", message: "Too many checkout attempts from your connection. Please wait a few minutes and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    const { saveAddress, createAccount } = choices.data;
    // Saving applies to a new address only: a saved one is in the book already.
    const accountRequest = { saveAddress: saveAddress && choices.data.addressId === NEW_ADDRESS, createAccount };
    const started = await startCheckoutForRequest(request, user?.id ?? null, parsed.data, context.clientIp, accountRequest);
    const headers = { "Set-Cookie": started.setCookie };
    if (isDocumentRequest(request)) return redirect(started.paymentUrl, { status: 303, headers });
    return data<ActionData>({ kind: "redirect", paymentUrl: started.paymentUrl }, { headers });
  } catch (err) {
    if (!(err instanceof DomainError)) {
      log.error({ err }, "checkout failed");
      return data<ActionData>(
        { kind: "error", message: "An unexpected error occurred: the shop could not start your payment. Please try again." },
        { status: 500 },
      );
    }
    // A pricing refusal is shown next to its field with the summary for what was posted.
    const priced = err instanceof PricingError ? await pricedForm(request, details) : undefined;
    return domainErrorResponse(err, (e) => refusalData(e, values, priced));
  }
}

/**
 * What the page shows for a refusal (the status is the error's own). Each kind has its place on
 * the page: field errors, the shortage list, the limit and discount notes; anything else replaces
 * the form with the error page.
 */
function refusalData(err: DomainError, values: Values, priced: Priced | undefined): ActionData {
  if (err instanceof PricingError) {
    // Another zone's method, or a country the shop no longer delivers to: said next to the field, nothing written.
    const field: CheckoutField = err.field === "shippingMethod" ? "shippingMethod" : "country";
    return { kind: "invalid", fieldErrors: { [field]: err.publicMessage }, values, priced };
  }
  if (err instanceof OutOfStockError) return { kind: "stock", shortages: err.shortages, values };
  if (err instanceof OrderLimitError) return { kind: "limit", message: err.publicMessage, values };
  if (err instanceof DiscountRefusedError) return { kind: "discount", message: err.publicMessage, values };
  if (err instanceof EmptyCartError) return { kind: "empty" };
  return { kind: "error", message: err.publicMessage };
}

/** The summary for the country and method a form posted (the cart's own, never posted prices). */
async function pricedForm(request: Request, values: Values): Promise<Priced> {
  const user = await getSessionUser(request);
  const cartId = await checkoutCartId(request, user?.id ?? null);
  const lines = cartId ? (await readCart(cartId)).lines : [];
  const country = isCountry(values.country) ? values.country : await defaultCountry(request, null);
  return priceFor(cartId, lines, { country, region: values.region || null }, values.shippingMethod || null);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Checkout", description: "Shipping details and secure card payment.", path: "/checkout", noindex: true });

/** The spec's redirect to the payment page one second after its URL arrives. */
const REDIRECT_DELAY_MS = 1000;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The summary for the country and method the shopper is choosing (JavaScript: a fetcher asks the
  // loader as they change; without it, the "Update delivery options" button posts intent=quote).
  const summary = useFetcher<typeof loader>();
  const paymentUrl = actionData?.kind === "redirect" ? actionData.paymentUrl : null;
  const formAction = loaderData.buyNow ? BUY_NOW_CHECKOUT : "/checkout";
  const settingUp = paymentUrl !== null || (navigation.state === "submitting" && navigation.formAction === formAction && navigation.formData?.get("intent") !== "quote");
  const posted = actionData && "priced" in actionData ? actionData.priced : undefined;
  const priced: Priced = summary.data ?? posted ?? loaderData;

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
        <Link to="/products" className={buttonClass("primary", "medium", "mt-6")}>
          Browse Products
        </Link>
      </main>
    );
  }

  function requote({ country, region, methodId }: Choice) {
    const params = new URLSearchParams({ country });
    if (region) params.set("region", region);
    if (methodId) params.set("method", methodId);
    if (loaderData.buyNow) params.set("buy", "now");
    summary.load(`/checkout?${params}`);
  }

  const values = actionData && "values" in actionData && actionData.values ? actionData.values : (loaderData.prefill ?? undefined);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_380px]">
        <OrderSummary lines={loaderData.lines} quote={priced.quote} updating={summary.state !== "idle"}>
          <DiscountCodeForm
            action={formAction}
            discount={priced.discount}
            error={actionData?.kind === "discount" ? actionData.message : null}
          />
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
            values={values}
            signedIn={loaderData.signedIn}
            savedAddresses={loaderData.savedAddresses}
            priced={priced}
            onChoose={requote}
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

/** What the summary is priced for: the country, its US state (sales tax) and the delivery method. */
type Choice = { country: string; region: string | null; methodId: string | null };

type SummaryLine = Route.ComponentProps["loaderData"]["lines"][number];

/**
 * The order as it will be charged: lines, subtotal, discount, the chosen method's shipping, added
 * tax, total, then tax included in the prices ("Including VAT (20%) £8.33").
 */
function OrderSummary({ lines, quote, updating, children }: { lines: SummaryLine[]; quote: CheckoutQuoteView | null; updating: boolean; children: React.ReactNode }) {
  const money = (cents: number) => formatMoney(cents, quote?.currency ?? "USD");
  const method = quote?.options.find((o) => o.methodId === quote.methodId);
  return (
    <section aria-labelledby="summary-heading" aria-busy={updating} className="h-fit rounded-2xl border border-gray-200 bg-gray-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-gray-200">
        {lines.map((l) => {
          const priced = quote?.lines.find((q) => q.variantId === l.variantId);
          return (
            <li key={l.variantId} className="flex justify-between gap-4 py-3 text-sm">
              <span>
                <span className="font-medium">{l.title}</span>
                {l.variantName || l.quantity > 1 ? (
                  <span className="block text-gray-600">
                    {l.variantName}
                    {l.quantity > 1 ? `${l.variantName ? " " : ""}× ${l.quantity}` : ""}
                  </span>
                ) : null}
              </span>
              <span className="font-medium">{priced ? money(priced.lineTotalCents) : null}</span>
            </li>
          );
        })}
      </ul>
      {quote ? (
        <dl className={`mt-4 space-y-2 border-t border-gray-200 pt-4 text-sm ${updating ? "opacity-60" : ""}`}>
          <div className="flex justify-between">
            <dt className="text-gray-600">Subtotal</dt>
            <dd data-testid="checkout-subtotal">{money(quote.subtotalCents)}</dd>
          </div>
          {quote.discount ? (
            <div className="flex justify-between text-green-800">
              <dt>Discount ({quote.discount.code})</dt>
              <dd data-testid="checkout-discount">{quote.discount.freeShipping ? discountLine({ ...quote.discount, percentOff: null }, quote.currency) : `-${money(quote.discount.amountCents)}`}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-gray-600">Shipping{method ? ` (${method.name})` : ""}</dt>
            <dd data-testid="checkout-shipping">{quote.shippingCents === 0 ? "Free" : money(quote.shippingCents)}</dd>
          </div>
          {quote.taxLines
            .filter((t) => !t.included)
            .map((t) => (
              <div key={t.name} className="flex justify-between">
                <dt className="text-gray-600">{taxLineLabel(t)}</dt>
                <dd data-testid="checkout-tax">{money(t.amountCents)}</dd>
              </div>
            ))}
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{money(quote.totalCents)}</dd>
          </div>
          {quote.taxLines
            .filter((t) => t.included)
            .map((t) => (
              <div key={t.name} className="flex justify-between text-gray-600">
                <dt>{taxLineLabel(t)}</dt>
                <dd data-testid="checkout-tax">{money(t.amountCents)}</dd>
              </div>
            ))}
        </dl>
      ) : null}
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
              ? `${itemLabel(s.title, s.variantName)} is sold out.`
              : `${itemLabel(s.title, s.variantName)}: only ${s.available} left, you asked for ${s.requested}.`}
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
        <a href="/checkout" className={buttonClass()}>
          Try Again
        </a>
        <Link to="/products" className={buttonClass("secondary")}>
          Return to Products
        </Link>
      </div>
    </main>
  );
}

type SavedAddressView = Route.ComponentProps["loaderData"]["savedAddresses"][number];

function CheckoutForm({
  action,
  serverErrors,
  values,
  signedIn,
  savedAddresses,
  priced,
  onChoose,
  disabled,
}: {
  action: string;
  serverErrors?: CheckoutFieldErrors;
  values?: Values;
  signedIn: boolean;
  savedAddresses: SavedAddressView[];
  priced: Priced & { country?: string };
  onChoose: (choice: Choice) => void;
  disabled: boolean;
}) {
  // The no-JavaScript "Update" button hides once React has hydrated.
  const hydrated = useHydrated();
  // The action's rules first, in the browser (a saved address is checked on the server); the
  // no-JavaScript "Update" posts without them.
  const { errors, onSubmit } = useSchemaForm(checkCheckoutForm, serverErrors, (submitter) => submitter?.value === "quote");
  const quote = priced.quote;
  const country = quote?.country ?? values?.country ?? priced.country ?? "";
  const hasSaved = savedAddresses.length > 0;
  // "Ship to" (radios, uncontrolled): kept here too for the messages that depend on it.
  const [chosen, setChosen] = useState(hasSaved ? (values?.addressId ?? NEW_ADDRESS) : NEW_ADDRESS);
  // The new address's own country: choosing a saved address (and pricing its country) leaves it be.
  const [newCountry, setNewCountry] = useState(chosen === NEW_ADDRESS ? country : values?.country || country);
  const methodId = quote?.methodId ?? null;
  const countryError = priced.countryError ?? undefined;

  function chooseAddress(id: string) {
    setChosen(id);
    const saved = savedAddresses.find((a) => a.id === id);
    onChoose(saved ? { country: saved.country, region: saved.region ?? null, methodId } : { country: newCountry, region: null, methodId });
  }

  return (
    <Form method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold">
        Contact and shipping address
      </h2>
      <div className="mt-4 space-y-4" data-ship-to>
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values?.email} error={errors.email} />
        {signedIn ? null : (
          <CheckboxField
            name="createAccount"
            label="Create an account with this order"
            defaultChecked={values?.createAccount === "on"}
            hint="Once your payment is confirmed, we will email you a link to choose a password. Your account keeps your orders and addresses."
          />
        )}
        {savedAddresses.length > 0 ? (
          <ChoiceGroup
            legend="Ship to"
            name="addressId"
            cards
            defaultValue={chosen}
            onChange={chooseAddress}
            error={errors.addressId ?? (chosen !== NEW_ADDRESS ? countryError : undefined)}
            choices={[
              ...savedAddresses.map((a) => ({
                value: a.id,
                label: (
                  <span className="flex-1 text-sm">
                    {addressOneLine(a)}
                    {a.isDefault ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Default</span> : null}
                  </span>
                ),
              })),
              { value: NEW_ADDRESS, label: <span className="flex-1 text-sm font-medium">A new address</span> },
            ]}
          />
        ) : null}
        {/* Shown while "A new address" is chosen, by CSS (app.css, [data-new-address]): no JavaScript needed. */}
        <div data-new-address={hasSaved ? "" : undefined} className="space-y-4">
          {hasSaved ? <h3 className="text-base font-semibold">New address</h3> : null}
          <AddressFields
            defaultValues={{ ...values, country: hasSaved ? newCountry : country }}
            errors={{ ...errors, country: errors.country ?? (chosen === NEW_ADDRESS ? countryError : undefined) }}
            // The same method is kept if the new country's zone has it, else the zone's first is priced.
            onCountryChange={(code) => {
              setNewCountry(code);
              onChoose({ country: code, region: null, methodId });
            }}
            // A US state may have its own sales tax.
            onRegionChange={(region) => onChoose({ country: newCountry, region: region || null, methodId })}
          />
          {signedIn ? <CheckboxField name="saveAddress" label="Save this address to my account" defaultChecked={values?.saveAddress === "on"} /> : null}
        </div>
      </div>
      {hydrated ? null : (
        <Button type="submit" name="intent" value="quote" variant="secondary" size="small" className="mt-4">
          Update delivery options and total
        </Button>
      )}
      {quote ? (
        <>
          <h2 className="mt-8 text-lg font-semibold">Delivery</h2>
          <ChoiceGroup
            className="mt-4"
            key={`${quote.country}:${quote.methodId}`}
            legend="Delivery method"
            name="shippingMethod"
            cards
            defaultValue={quote.methodId}
            onChange={(methodId) => onChoose({ country: quote.country, region: quote.region, methodId })}
            error={errors.shippingMethod}
            choices={quote.options.map((o) => ({
              value: o.methodId,
              label: (
                <span className="flex-1">
                  <span className="flex justify-between gap-3">
                    <span className="font-medium">{o.name}</span>
                    <span className="font-medium">{o.free ? "Free" : formatMoney(o.priceCents, quote.currency)}</span>
                  </span>
                  <span className="block text-sm text-gray-600">Estimated delivery {formatDeliveryRange(o.estimate.earliest, o.estimate.latest)}</span>
                </span>
              ),
            }))}
          />
        </>
      ) : null}
      <Button type="submit" size="large" disabled={disabled || !quote} className="mt-8 w-full text-lg">
        {quote ? `Continue to Payment · ${formatMoney(quote.totalCents, quote.currency)}` : "Continue to Payment"}
      </Button>
      <p className="mt-3 text-center text-sm text-gray-600">You will pay on our payment provider&apos;s secure page.</p>
    </Form>
  );
}
