import { describe, expect, it } from "vitest";
import { DomainError } from "@server/errors";
import { z } from "zod";
import { formMessage } from "@core/form";
import { domainErrorResponse, invalidForm, refusal, uploadRefusal } from "../../server/http/responses";
import { OrderNotFoundError, OrderTransitionError } from "@server/orders/errors";
import { PricingError } from "@server/pricing/errors";
import { UploadError } from "../../server/media/uploads";

/** What react-router's data() carries: the body and the status a route answers with. */
const answer = (r: unknown) => r as { data: unknown; init: { status: number } };

describe("one error path (DomainError + domainErrorResponse)", () => {
  it("answers a missing record 404 with the words staff and customers see", () => {
    const r = answer(domainErrorResponse(new OrderNotFoundError()));
    expect(r.init.status).toBe(404);
    expect(r.data).toEqual({ ok: false, message: "This order no longer exists.", fieldErrors: {} });
    expect(new OrderNotFoundError().message).toBe("Order not found");
  });

  it("answers a refused change 409 with its rule's message, in the route's own body", () => {
    const r = answer(domainErrorResponse(new OrderTransitionError("A cancelled order cannot change."), (e) => ({ message: e.publicMessage })));
    expect(r.init.status).toBe(409);
    expect(r.data).toEqual({ message: "A cancelled order cannot change." });
  });

  it("keeps each error's own status and field messages", () => {
    expect(answer(domainErrorResponse(new UploadError("Too large", 413))).init.status).toBe(413);
    const priced = answer(domainErrorResponse(new PricingError("country", "We do not ship there.")));
    expect(priced.init.status).toBe(400);
    expect(priced.data).toMatchObject({ fieldErrors: { country: "We do not ship there." } });
    expect(new PricingError("country", "x")).toBeInstanceOf(DomainError);
  });

  it("rethrows anything that is not a DomainError: a bug stays a 500", () => {
    const bug = new TypeError("undefined is not a function");
    expect(() => domainErrorResponse(bug)).toThrow(bug);
  });

  it("answers a failed schema 400 with the first issue's words and every field's message, in the same body", () => {
    const schema = z.object({ email: z.email("Enter a valid email address."), name: z.string().min(1, "Enter your name.") });
    const parsed = schema.safeParse({ email: "nope", name: "" });
    const r = answer(invalidForm(parsed.error!, { intent: "save" }));
    expect(r.init.status).toBe(400);
    expect(r.data).toEqual({
      intent: "save",
      ok: false,
      message: "Enter a valid email address.",
      fieldErrors: { email: "Enter a valid email address.", name: "Enter your name." },
    });
    expect(answer(refusal("Too many attempts.", 429)).data).toEqual({ ok: false, message: "Too many attempts.", fieldErrors: {} });
    expect(answer(uploadRefusal(new UploadError("Describe it", 400, { alt: "Describe it" }))).data).toEqual({ ok: false, message: "Describe it", fieldErrors: { alt: "Describe it" } });
  });

  it("a form's box says what no shown field says", () => {
    expect(formMessage({ ok: false, message: "Enter your name.", fieldErrors: { name: "Enter your name." } })).toBeUndefined();
    expect(formMessage({ ok: false, message: "That password is not correct.", fieldErrors: {} })).toBe("That password is not correct.");
    expect(formMessage({ ok: false, message: "x", fieldErrors: { token: "This link is invalid.", password: "Too short." } }, ["token"])).toBe("This link is invalid.");
    expect(formMessage({ ok: true, message: "Saved." })).toBeUndefined();
    expect(formMessage(undefined)).toBeUndefined();
  });
});
