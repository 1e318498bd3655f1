export {
  cancelCheckoutForRequest,
  checkCheckoutRateLimit,
  checkoutCartId,
  clearPurchasedCart,
  EmptyCartError,
  NoCheckoutUrlError,
  startCheckout,
  startCheckoutForRequest,
  type CheckoutStarted,
} from "./start";
export { OutOfStockError, type Shortage } from "@server/orders";
export { PaymentSetupError } from "../payments";
export { checkoutQuoteView, orderPricing, quoteCheckout } from "./quote";
export { PricingError } from "../pricing";
export { reconcilePayments, startPaymentReconciliation } from "./reconcile";
export { handlePaymentWebhook } from "./webhooks";
