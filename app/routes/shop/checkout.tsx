import { useEffect } from "react";
import { data, redirect, useFetcher, useNavigation } from "react-router";
import { getSessionUser } from "@server/auth";
import {
  applyCheckoutDiscount,
  checkCheckoutRateLimit,
  checkoutPage,
  checkoutRefusal,
  postedCheckoutValues,
  pricedForm,
  startCheckoutForRequest,
  withChosenAddress,
  type CheckoutRefusal,
} from "@server/checkout";
import { isDiscountIntent, type DiscountIntent } from "@server/discounts";
import { PricingError } from "@server/pricing";
import { isDocumentRequest } from "@server/http/request";
import { log } from "@server/log";
import { DomainError } from "@server/errors";
import { domainErrorResponse } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { NEW_ADDRESS } from "@core/address-book";
import { BUY_NOW_CHECKOUT, checkoutChoicesSchema, checkoutSchema, type CheckoutValues } from "@core/checkout-form";
import type { PricedSummary } from "@core/checkout-quote";
import { fieldErrors } from "@core/form";
import { DiscountCodeForm } from "~/components/shop/discount-code-form";
import { CartProblem, StockProblems } from "~/components/shop/checkout/cart-problems";
import { CheckoutError, EmptyCheckout, SettingUpPayment } from "~/components/shop/checkout/checkout-pages";
import { CheckoutForm, type CheckoutChoice } from "~/components/shop/checkout/checkout-form";
import { OrderSummary } from "~/components/shop/checkout/order-summary";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout";

/**
 * Checkout (/checkout, and /checkout?buy=now for a Buy Now): the page is composed of its parts in
 * components/shop/checkout/; what it shows and what a post means is server/checkout/page.ts's.
 */

export async function loader({ request }: Route.LoaderArgs) {
  return checkoutPage(request, await getSessionUser(request));
}

type ActionData =
  | CheckoutRefusal
  /** The no-JavaScript "Update delivery options": the summary for the posted country and method. */
  | { kind: "quote"; values: CheckoutValues; priced: PricedSummary }
  | { kind: "redirect"; paymentUrl: string };

const GONE_ADDRESS = "This address is no longer in your address book. Please choose another.";

/** Apply or remove the cart's code, then back to this page (303: works without JavaScript). */
async function discountAction(request: Request, form: FormData, intent: DiscountIntent) {
  const user = await getSessionUser(request);
  const refusal = await applyCheckoutDiscount(request, user?.id ?? null, form, intent);
  if (refusal) return data<ActionData>(refusal, { status: 400 });
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isDiscountIntent(intent)) return discountAction(request, form, intent);
  const values = postedCheckoutValues(form);
  const user = await getSessionUser(request);
  const userId = user?.id ?? null;
  // `values` go back to the form as posted; `details` are what is priced and ordered.
  const details = await withChosenAddress(userId, values);
  if (!details) {
    return data<ActionData>({ kind: "invalid", fieldErrors: { addressId: GONE_ADDRESS }, values, priced: await pricedForm(request, userId, values) }, { status: 400 });
  }
  if (intent === "quote") return data<ActionData>({ kind: "quote", values, priced: await pricedForm(request, userId, details) });
  const parsed = checkoutSchema.safeParse(details);
  const choices = checkoutChoicesSchema.safeParse(values);
  if (!parsed.success || !choices.success) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(choices.success ? {} : fieldErrors(choices.error)) };
    return data<ActionData>({ kind: "invalid", fieldErrors: errors, values, priced: await pricedForm(request, userId, details) }, { status: 400 });
  }
  const limit = await checkCheckoutRateLimit(context.clientIp);
  if (!limit.ok) {
    return data<ActionData>(
      { kind: "error", message: "Too many checkout attempts from your connection. Please wait a few minutes and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    const { saveAddress, createAccount, marketingConsent } = choices.data;
    // Saving applies to a new address only: a saved one is in the book already.
    const accountRequest = { saveAddress: saveAddress && choices.data.addressId === NEW_ADDRESS, createAccount };
    const started = await startCheckoutForRequest(request, userId, parsed.data, context.clientIp, accountRequest, marketingConsent);
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
    const priced = err instanceof PricingError ? await pricedForm(request, userId, details) : undefined;
    return domainErrorResponse(err, (e) => checkoutRefusal(e, values, priced));
  }
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
  const priced: PricedSummary = summary.data ?? posted ?? loaderData;

  useEffect(() => {
    if (!paymentUrl) return;
    const timer = setTimeout(() => window.location.assign(paymentUrl), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paymentUrl]);

  if (actionData?.kind === "error") return <CheckoutError message={actionData.message} />;

  if (loaderData.lines.length === 0 && !settingUp) return <EmptyCheckout />;

  function requote({ country, region, methodId }: CheckoutChoice) {
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
            // Not while the summary is re-priced for a new country or method: the shopper pays the
            // total the button shows, and a method of the previous country's zone is not posted.
            disabled={settingUp || summary.state !== "idle"}
          />
        </div>
      </div>
      {settingUp ? <SettingUpPayment /> : null}
    </main>
  );
}
