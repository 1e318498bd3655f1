export {
  CartError,
  addToCart,
  cartLinesToBuy,
  cartIdForRequest,
  clearCart,
  clearCartForRequest,
  clearVisitorCartCookie,
  countItems,
  getCartCount,
  userCartCountColumn,
  getCartForRequest,
  mergeVisitorCartIntoUser,
  openCartForRequest,
  readCart,
  removeLine,
  restoreLines,
  setLineQuantity,
  visitorCartIdFromRequest,
  type CartLine,
  type HeldLine,
  type CartView,
} from "./cart";
export { applyCartIntent, cartIntentSchema, type CartIntent } from "./intent";
export { buyNowCartIdFromRequest, finishBuyNow, isBuyNowCheckout, startBuyNow } from "./buy-now";
export { removePurchasedLines } from "./cart";
export { OrderLimitError, clientKeyFor, heldUnitsRefusal, orderCaps, orderLinesRefusal } from "./limits";
