import { NEW_ADDRESS, type AddressBookEntry } from "@core/address-book";
import { CHECKOUT_FORM_FIELDS, type CheckoutField, type CheckoutFieldErrors, type CheckoutValues } from "@core/checkout-form";
import type { CheckoutSummaryLine, PricedSummary } from "@core/checkout-quote";
import { COUNTRY_CODES } from "@core/countries";
import type { Shortage } from "@core/stock";
import { getAddress, listAddresses } from "@server/accounts";
import { isBuyNowCheckout, OrderLimitError, readCart } from "@server/cart";
import { applyDiscountIntent, DiscountRefusedError, discountViewOf, type DiscountIntent } from "@server/discounts";
import { OutOfStockError } from "@server/orders";
import { acceptLanguageRegions, PricingError, shopperForRequest } from "@server/pricing";
import type { DomainError } from "../errors";
import { checkoutQuoteView, quoteCheckout } from "./quote";
import { checkoutCartId, EmptyCartError } from "./start";

/**
 * The checkout page's server side (app/routes/shop/checkout.tsx): what the page opens with, the
 * summary priced for what the shopper chooses, the details a posted form stands for, and what the
 * page shows for a refusal. The route keeps the HTTP answers (data, redirects, statuses).
 */

/** The signed-in customer checking out, if any. */
export type CheckoutUser = { id: string; email: string };

/** What the checkout page opens with (the loader's data). */
export type CheckoutPage = PricedSummary & {
  /** A signed-in customer starts from their account's email and default address. */
  prefill: CheckoutValues | null;
  signedIn: boolean;
  savedAddresses: AddressBookEntry[];
  /** A Buy Now checks out its one line; the form posts back to this same URL. */
  buyNow: boolean;
  lines: CheckoutSummaryLine[];
  country: string;
};

/**
 * A refusal as the page shows it. Each kind has its place on the page: field errors, the shortage
 * list, the limit and discount notes; "error" replaces the form with the error page.
 */
export type CheckoutRefusal =
  | { kind: "invalid"; fieldErrors: CheckoutFieldErrors; values: CheckoutValues; priced?: PricedSummary }
  | { kind: "stock"; shortages: Shortage[]; values: CheckoutValues }
  | { kind: "limit"; message: string; values: CheckoutValues }
  | { kind: "discount"; message: string; values?: CheckoutValues }
  | { kind: "empty" }
  | { kind: "error"; message: string };

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
): Promise<PricedSummary> {
  if (lines.length === 0) return { quote: null, countryError: null, discount: null };
  try {
    const priced = await quoteCheckout({ cartId, lines, ...destination, methodId, fallbackMethod: true });
    return { quote: checkoutQuoteView(priced, destination, lines), countryError: null, discount: priced.discount ? discountViewOf(priced.discount) : null };
  } catch (err) {
    if (err instanceof PricingError) return { quote: null, countryError: err.message, discount: null };
    throw err;
  }
}

/**
 * The page for this request: the cart's lines, the customer's saved addresses (the default first:
 * preselected under "Ship to") and the summary priced for the country to show.
 * ?country=&region=&method= : the summary as the shopper changes them (the form's fetcher asks for it).
 */
export async function checkoutPage(request: Request, user: CheckoutUser | null): Promise<CheckoutPage> {
  const [cartId, addresses] = await Promise.all([checkoutCartId(request, user?.id ?? null), user ? listAddresses(user.id) : []]);
  // The default address first (listAddresses' order): preselected under "Ship to".
  const address = addresses[0] ?? null;
  const cart = cartId ? await readCart(cartId) : { lines: [], subtotalCents: 0 };
  const url = new URL(request.url);
  const asked = url.searchParams.get("country");
  const country = isCountry(asked) ? asked : await defaultCountry(request, address?.country);
  const region = isCountry(asked) ? url.searchParams.get("region") : country === address?.country ? (address.region ?? null) : null;
  const priced = await priceFor(cartId, cart.lines, { country, region }, url.searchParams.get("method"));
  const prefill: CheckoutValues | null = user ? { email: user.email, addressId: address?.id ?? NEW_ADDRESS } : null;
  return {
    prefill,
    signedIn: user !== null,
    savedAddresses: addresses,
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

/** The checkout form's fields as posted, each as text (absent: ""). */
export function postedCheckoutValues(form: FormData): CheckoutValues {
  return Object.fromEntries(CHECKOUT_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
}

/**
 * The details checkout works with: a signed-in customer's chosen saved address (by id, from their
 * own address book) replaces the typed fields, which are the "new address". Null: the id is not one
 * of theirs (deleted in another tab, or never theirs).
 */
export async function withChosenAddress(userId: string | null, values: CheckoutValues): Promise<CheckoutValues | null> {
  const id = values.addressId;
  if (!id || id === NEW_ADDRESS) return values;
  const saved = userId ? await getAddress(userId, id) : null;
  if (!saved) return null;
  return { ...values, name: saved.name, line1: saved.line1, line2: saved.line2 ?? "", city: saved.city, region: saved.region ?? "", postalCode: saved.postalCode, country: saved.country };
}

/** The summary for the country and method a form posted (the cart's own, never posted prices). */
export async function pricedForm(request: Request, userId: string | null, values: CheckoutValues): Promise<PricedSummary> {
  const cartId = await checkoutCartId(request, userId);
  const lines = cartId ? (await readCart(cartId)).lines : [];
  const country = isCountry(values.country) ? values.country : await defaultCountry(request, null);
  return priceFor(cartId, lines, { country, region: values.region || null }, values.shippingMethod || null);
}

/**
 * Apply or remove the checkout cart's code. Judged in the shopper's market (its currency's
 * minimum); checkout prices it again for the country. Null: done; else the refusal to show.
 */
export async function applyCheckoutDiscount(
  request: Request,
  userId: string | null,
  form: FormData,
  intent: DiscountIntent,
): Promise<Extract<CheckoutRefusal, { kind: "empty" | "discount" }> | null> {
  const cartId = await checkoutCartId(request, userId);
  if (!cartId) return { kind: "empty" };
  const { market } = await shopperForRequest(request);
  const refusal = await applyDiscountIntent(cartId, intent, form, { market });
  return refusal ? { kind: "discount", message: refusal } : null;
}

/** What the page shows for a refusal of checkout (the status is the error's own). */
export function checkoutRefusal(err: DomainError, values: CheckoutValues, priced: PricedSummary | undefined): CheckoutRefusal {
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
