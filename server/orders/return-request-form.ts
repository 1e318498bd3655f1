import { data } from "react-router";
import { nestFormData } from "@core/nested-form";
import { returnRequestSchema } from "@core/order-workspace";
import { domainErrorResponse } from "../errors";
import { OrderNotFoundError } from "./errors";
import { requestReturn, type ReturnRequester } from "./returns";

/**
 * The customer's return form (components/order/customer-order.tsx) posted to the account's order page
 * or to /orders/lookup: the answer both actions give. An order that is not the requester's is a
 * missing page (404), as in their loaders.
 */
export async function answerReturnRequest(form: FormData, by: ReturnRequester, orderId: string) {
  const parsed = returnRequestSchema.safeParse(nestFormData(form));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  try {
    const lines = Object.entries(parsed.data.qty).map(([itemId, quantity]) => ({ itemId, quantity }));
    await requestReturn(by, orderId, { lines, reason: parsed.data.reason });
  } catch (err) {
    if (err instanceof OrderNotFoundError) throw data(null, { status: 404 });
    return domainErrorResponse(err, (e) => ({ ok: false as const, message: e.publicMessage }));
  }
  return data({ ok: true as const, message: "Your return request was sent. We will email you the return instructions." });
}
