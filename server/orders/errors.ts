/** Errors of staff actions on orders; their messages are safe to show. */

export class OrderNotFoundError extends Error {
  constructor() {
    super("Order not found");
    this.name = "OrderNotFoundError";
  }
}

/** A change the rules refuse (app/lib/order-transitions.ts); the message is safe to show. */
export class OrderTransitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrderTransitionError";
  }
}
