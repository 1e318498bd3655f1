export {
  cancelCheckoutForRequest,
  checkCheckoutRateLimit,
  clearPurchasedCart,
  NoCheckoutUrlError,
  startCheckout,
  startCheckoutForRequest,
  type CheckoutStarted,
} from "./start";
export { OutOfStockError } from "@server/orders";
export { PaymentSetupError } from "../payments";
export { orderPricing } from "./quote";
export { reconcilePayments, startPaymentReconciliation } from "./reconcile";
export { handlePaymentWebhook } from "./webhooks";
export {
  applyCheckoutDiscount,
  checkoutPage,
  checkoutRefusal,
  postedCheckoutValues,
  pricedForm,
  withChosenAddress,
  type CheckoutPage,
  type CheckoutRefusal,
  type CheckoutUser,
} from "./page";
export {
  RESTORE_EXPIRED,
  RESTORE_REFUSED,
  UNSUBSCRIBE_REFUSED,
  restoreCheckoutLines,
  sendCheckoutReminders,
  startCheckoutReminders,
  unsubscribeByToken,
  type RestoreOutcome,
} from "./reminder";
