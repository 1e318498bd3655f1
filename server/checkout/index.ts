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
export { OutOfStockError, type Shortage } from "../orders/place";
export { PaymentSetupError } from "../payments";
export { OrderLimitError } from "../orders/limits";
export { checkoutQuoteView, orderPricing, quoteCheckout } from "./quote";
export { PricingError } from "../pricing";
