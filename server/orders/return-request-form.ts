import { fieldErrors } from "@core/form";
import { nestFormData } from "@core/nested-form";
import { returnRequestSchema } from "@core/order-workspace";
import { FieldSaveError } from "../errors";
import { requestReturn, type ReturnRequester } from "./returns";

export const RETURN_REQUEST_SENT = "Your return request was sent. We will email you the return instructions.";

/** A return form the rules refuse before anything is asked of the order: messages by field. */
export class ReturnRequestInvalidError extends FieldSaveError {
  constructor(errors: Record<string, string>) {
    super(errors, "Check the return form.", "");
  }
}

/**
 * The customer's return form (components/order/customer-order.tsx) posted to the account's order page
 * or to /orders/lookup. Throws ReturnRequestInvalidError (400, by field), OrderNotFoundError when the
 * order is not the requester's, or the rules' own refusals (server/orders/returns.ts).
 */
export async function submitReturnRequest(form: FormData, by: ReturnRequester, orderId: string): Promise<void> {
  const parsed = returnRequestSchema.safeParse(nestFormData(form));
  if (!parsed.success) throw new ReturnRequestInvalidError(fieldErrors(parsed.error));
  const lines = Object.entries(parsed.data.qty).map(([itemId, quantity]) => ({ itemId, quantity }));
  await requestReturn(by, orderId, { lines, reason: parsed.data.reason });
}
