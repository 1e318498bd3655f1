import { NotFoundError, RefusedError } from "../errors";

/** Errors of staff actions on orders; their messages are safe to show. */

export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super("order");
  }
}

/** A change the rules refuse (core/order-transitions.ts); the message is safe to show. */
export class OrderTransitionError extends RefusedError {}
