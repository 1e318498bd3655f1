import { DomainError } from "../errors";

/**
 * Input the pricing core cannot price: the caller answers 4xx with the message next to `field`.
 * (Checkout turns these into field errors; nothing is written when one is thrown.)
 */
export class PricingError extends DomainError {
  readonly status = 400;
  constructor(
    readonly field: "country" | "shippingMethod" | "currency" | "lines",
    message: string,
  ) {
    super(message, { fieldErrors: { [field]: message } });
  }
}
