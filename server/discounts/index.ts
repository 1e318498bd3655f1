/**
 * Discount codes (issue 13, docs/discounts.md): the merchant's codes, the pricing core's discount
 * step with every refusal in words, and each order's use held at checkout and counted once paid.
 */
export * from "./rules";
export * from "./codes";
export * from "./uses";
export * from "./cart-code";
export * from "./cart-discount";
export * from "./code-intent";
