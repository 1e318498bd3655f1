import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as addressEditAction } from "../../app/routes/account/address-edit";
import { action as addressesAction } from "../../app/routes/account/addresses";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/shop/checkout";
import {
  type SavedAddress,
  addAddress,
  AddressBookFullError,
  AddressNotFoundError,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../server/accounts/address";
import { createAccountForOrder } from "../../server/accounts/after-payment";
import { listOrdersForUser } from "../../server/orders/customer-orders";
import { resetPassword } from "../../server/auth/customer";
import { user, verification } from "../../server/auth/schema";
import { addToCart, openCartForRequest } from "../../server/cart";
import { db } from "../../server/db/client";
import { outboxMail } from "../../server/mail/schema";
import { closeUnpaidOrder, confirmPayment } from "../../server/orders/payment";
import { readTestSession } from "../../server/payments/test-provider";
import { ADDRESS_BOOK_MAX, NEW_ADDRESS } from "../../core/address-book";
import { createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call, post } from "./route-calls";
import { cartWith, orderById, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

async function userIdOf(email: string): Promise<string | null> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id ?? null;
}

const home: SavedAddress = { name: "Ada Lovelace", line1: "12 Analytical Row", line2: undefined, city: "London", region: undefined, postalCode: "NW1 6XE", country: "GB" };
const office: SavedAddress = { name: "Ada Lovelace", line1: "1 Engine Street", line2: "Floor 3", city: "Manchester", region: undefined, postalCode: "M1 1AA", country: "GB" };
const holiday: SavedAddress = { name: "Ada L.", line1: "5 Beach Road", line2: undefined, city: "Springfield", region: "IL", postalCode: "62701", country: "US" };

/** The form fields of an address ("" for an absent line 2). */
const fieldsOf = (a: SavedAddress) => ({ ...a, line2: a.line2 ?? "", region: a.region ?? "" });

/** The checkout form posted as a browser would; returns the answer and the order it started, if any. */
async function postCheckout(fields: Record<string, string>, cookie?: string) {
  const res = answer(await call(checkoutAction, post("/checkout", fields, cookie ? { Cookie: cookie } : {}), { clientIp: "192.0.2.50" }));
  const location = res.headers.get("Location");
  const sessionId = location?.includes("/pay/test/") ? decodeURIComponent(location.split("/pay/test/")[1]) : null;
  return { ...res, sessionId, orderId: sessionId ? readTestSession(sessionId)!.orderId : null };
}

async function pay(sessionId: string) {
  const { body, signature } = paidEventFor(sessionId);
  expect((await postTestWebhook(body, signature)).status).toBe(200);
}

/** A signed-in customer with one R36S in their cart; returns their id and session cookie. */
async function customerWithCart(email: string) {
  await createCustomer(email);
  const id = (await userIdOf(email))!;
  const { cartId } = await openCartForRequest(new Request("http://localhost:3000/cart"), id);
  await addToCart(cartId, (await variantOf("r36s", "Black")).id, 1);
  return { id, cookie: await signInCookie(email) };
}

async function mailsTo(email: string, subject: string) {
  return db()
    .select()
    .from(outboxMail)
    .where(and(eq(outboxMail.to, email), like(outboxMail.subject, `%${subject}%`)));
}

describe("the address book", () => {
  useTestDatabase();
  useCatalogue();

  it("keeps several addresses with exactly one default: the first, then whichever is set so; deleting the default promotes the newest", async () => {
    await createCustomer("book@example.com");
    const me = (await userIdOf("book@example.com"))!;
    const homeId = await addAddress(me, home, { asDefault: false });
    // The first address is the default even unticked: checkout needs one to preselect.
    expect(await listAddresses(me)).toEqual([{ id: homeId, isDefault: true, ...home }]);

    const officeId = await addAddress(me, office);
    const holidayId = await addAddress(me, holiday, { asDefault: true });
    expect((await listAddresses(me)).map((a) => [a.id, a.isDefault])).toEqual([
      [holidayId, true],
      [officeId, false],
      [homeId, false],
    ]);

    await updateAddress(me, officeId, { ...office, city: "Salford" }, { asDefault: true });
    expect(await getAddress(me, officeId)).toMatchObject({ city: "Salford", isDefault: true });
    expect((await listAddresses(me)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([officeId]);

    await setDefaultAddress(me, homeId);
    await deleteAddress(me, homeId);
    // The newest remaining one (holiday) takes over as the default.
    expect((await listAddresses(me)).map((a) => [a.id, a.isDefault])).toEqual([
      [holidayId, true],
      [officeId, false],
    ]);
  });

  it("keeps one default when defaults are set at once, refuses another customer's address, and stops at the limit", async () => {
    await createCustomer("racer@example.com");
    await createCustomer("other@example.com");
    const me = (await userIdOf("racer@example.com"))!;
    const other = (await userIdOf("other@example.com"))!;
    const ids = [await addAddress(me, home), await addAddress(me, office), await addAddress(me, holiday)];
    await Promise.all([...ids, ...ids].map((id) => setDefaultAddress(me, id)));
    expect((await listAddresses(me)).filter((a) => a.isDefault)).toHaveLength(1);

    expect(await getAddress(other, ids[0])).toBeNull();
    expect(await getAddress(me, "not-a-uuid")).toBeNull();
    await expect(updateAddress(other, ids[0], office)).rejects.toBeInstanceOf(AddressNotFoundError);
    await expect(deleteAddress(other, ids[0])).rejects.toBeInstanceOf(AddressNotFoundError);
    await expect(setDefaultAddress(other, ids[0])).rejects.toBeInstanceOf(AddressNotFoundError);
    expect(await listAddresses(me)).toHaveLength(3);

    for (let i = 3; i < ADDRESS_BOOK_MAX; i++) await addAddress(me, { ...home, line1: `${i} Analytical Row` });
    await expect(addAddress(me, holiday)).rejects.toBeInstanceOf(AddressBookFullError);
    expect(await listAddresses(me)).toHaveLength(ADDRESS_BOOK_MAX);
  });

  it("the account pages: field errors for a bad address, 303 back to the list when saved, 404 for someone else's address", async () => {
    await createCustomer("pages@example.com");
    await createCustomer("nosy@example.com");
    const me = (await userIdOf("pages@example.com"))!;
    const cookie = await signInCookie("pages@example.com");
    const nosy = await signInCookie("nosy@example.com");

    const bad = answer(await call(addressEditAction, post("/account/addresses/new", { ...fieldsOf(home), name: "", country: "XX" }, { Cookie: cookie })));
    expect(bad).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { name: "Please enter your full name.", country: "Please choose a country from the list." } } });
    expect(await listAddresses(me)).toEqual([]);

    const saved = answer(await call(addressEditAction, post("/account/addresses/new", fieldsOf(home), { Cookie: cookie })));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account/addresses?saved=1");
    const [entry] = await listAddresses(me);
    expect(entry).toMatchObject({ ...home, isDefault: true });

    const editOthers = (fn: unknown, path: string, fields: Record<string, string>, params: Record<string, string>) =>
      (fn as (a: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>)({ request: post(path, fields, { Cookie: nosy }), params, context: {} });
    const foreign = answer(await editOthers(addressEditAction, `/account/addresses/${entry.id}`, fieldsOf(office), { id: entry.id }));
    expect(foreign.status).toBe(404);
    const foreignDelete = answer(await call(addressesAction, post("/account/addresses", { intent: "delete", id: entry.id }, { Cookie: nosy })));
    expect(foreignDelete).toMatchObject({ status: 404, body: { ok: false, message: "This address no longer exists." } });
    expect(await listAddresses(me)).toHaveLength(1);

    const deleted = answer(await call(addressesAction, post("/account/addresses", { intent: "delete", id: entry.id }, { Cookie: cookie })));
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, message: "The address has been deleted." } });
    expect(await listAddresses(me)).toEqual([]);

    // Signed out: the account's sign-in redirect, nothing written.
    const anonymous = await Promise.resolve(call(addressEditAction, post("/account/addresses/new", fieldsOf(home)))).catch((thrown: unknown) => thrown);
    expect(answer(anonymous).status).toBe(303);
  });
});

describe("checkout with the address book", () => {
  useTestDatabase();
  useCatalogue();

  it("preselects the default address, ships to a chosen saved address whatever the typed fields say, and refuses someone else's", async () => {
    const { id, cookie } = await customerWithCart("chooser@example.com");
    const officeId = await addAddress(id, office);
    const holidayId = await addAddress(id, holiday, { asDefault: true });

    const loaded = (await call(checkoutLoader, shopRequest("/checkout", { cookie }))) as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(loaded.prefill).toEqual({ email: "chooser@example.com", addressId: holidayId });
    expect(loaded.savedAddresses.map((a) => a.id)).toEqual([holidayId, officeId]);
    // Priced for the default address's country.
    expect(loaded.country).toBe("US");

    await createCustomer("stranger@example.com");
    const strangers = await addAddress((await userIdOf("stranger@example.com"))!, home);
    const refused = await postCheckout({ email: "chooser@example.com", addressId: strangers, ...fieldsOf(home) }, cookie);
    expect(refused).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { addressId: "This address is no longer in your address book. Please choose another." } } });
    expect(refused.orderId).toBeNull();

    // The typed (hidden) new-address fields are ignored when a saved address is chosen.
    const started = await postCheckout({ email: "chooser@example.com", addressId: officeId, name: "", line1: "", city: "", postalCode: "", country: "US", saveAddress: "on" }, cookie);
    expect(started.status).toBe(303);
    const order = await orderById(started.orderId!);
    expect(order).toMatchObject({ name: office.name, shipLine1: office.line1, shipLine2: office.line2, shipCity: office.city, shipCountry: "GB", currency: "gbp", userId: id });
    // A saved address is in the book already: nothing to save.
    expect(order.saveAddress).toBe(false);
  });

  it("saves a new address to the account once the order is paid (not before, not twice)", async () => {
    const { id, cookie } = await customerWithCart("saver@example.com");
    const fields = { email: "saver@example.com", addressId: NEW_ADDRESS, ...fieldsOf(home), saveAddress: "on" };
    const started = await postCheckout(fields, cookie);
    expect(started.status).toBe(303);
    expect((await orderById(started.orderId!)).saveAddress).toBe(true);
    // Not paid yet: nothing saved.
    expect(await listAddresses(id)).toEqual([]);

    await pay(started.sessionId!);
    expect(await listAddresses(id)).toEqual([{ id: expect.any(String), isDefault: true, ...home }]);
    expect((await orderById(started.orderId!)).saveAddress).toBe(false);

    // The same address again (typed in another case) is not a second entry.
    const { cartId } = await openCartForRequest(new Request("http://localhost:3000/cart"), id);
    await addToCart(cartId, (await variantOf("r36s", "White")).id, 1);
    const again = await postCheckout({ ...fields, line1: home.line1.toUpperCase(), city: ` ${home.city} ` }, cookie);
    await pay(again.sessionId!);
    expect(await listAddresses(id)).toHaveLength(1);

    // Unticked: not saved.
    await addToCart(cartId, (await variantOf("r36s", "White")).id, 1);
    const unticked = await postCheckout({ ...fields, ...fieldsOf(office), saveAddress: "" }, cookie);
    await pay(unticked.sessionId!);
    expect(await listAddresses(id)).toHaveLength(1);
  });
});

describe("create an account with this order", () => {
  useTestDatabase();
  useCatalogue();

  async function guestCheckout(email: string, extra: Record<string, string> = {}) {
    const { cookie } = await cartWith([{ variantId: (await variantOf("r36s", "Purple")).id, quantity: 1 }]);
    return postCheckout({ email, ...fieldsOf(holiday), createAccount: "on", ...extra }, cookie);
  }

  it("creates the account only once the payment is confirmed: order linked, address saved, a set-password link that works", async () => {
    const email = "new.buyer@example.com";
    const started = await guestCheckout("New.Buyer@Example.com");
    expect(started.status).toBe(303);
    expect((await orderById(started.orderId!)).createAccount).toBe(true);
    // Before payment: no account, no mail.
    expect(await userIdOf(email)).toBeNull();
    expect(await mailsTo(email, "Set up your account")).toEqual([]);

    await pay(started.sessionId!);
    const id = await userIdOf(email);
    expect(id).not.toBeNull();
    const [account] = await db().select().from(user).where(eq(user.id, id!));
    expect(account).toMatchObject({ email, name: holiday.name, emailVerified: true, role: "user" });
    expect(await orderById(started.orderId!)).toMatchObject({ userId: id, createAccount: true });
    expect((await listOrdersForUser(id!)).map((o) => o.id)).toEqual([started.orderId]);
    expect(await listAddresses(id!)).toEqual([{ id: expect.any(String), isDefault: true, ...holiday }]);

    const [mail] = await mailsTo(email, "Set up your account");
    expect(mail.text).toContain(`Thank you for your order ${(await orderById(started.orderId!)).number}`);
    const link = /http:\/\/localhost:3000\/auth\/reset\?token=[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    // No password yet: nobody signs in until one is chosen through the link.
    await expect(signInCookie(email, "guessing-123")).rejects.toThrow();

    // better-auth's own reset endpoint takes the token and creates the credential.
    const set = await resetPassword(shopRequest("/auth/reset", { method: "POST" }), { token, password: "my-new-password-1" });
    expect(set.ok).toBe(true);
    expect(await signInCookie(email, "my-new-password-1")).toMatch(/session_token=/);
    // Used once.
    expect((await resetPassword(shopRequest("/auth/reset", { method: "POST" }), { token, password: "another-pass-22" })).ok).toBe(false);
    // A redelivered payment event, or more calls at once, create nothing more.
    expect(await Promise.all([createAccountForOrder(started.orderId!), createAccountForOrder(started.orderId!)])).toEqual([{ created: false }, { created: false }]);
    expect(await mailsTo(email, "Set up your account")).toHaveLength(1);
  });

  it("an email that already has an account: the same answer at checkout, then nothing created, linked or sent", async () => {
    await createCustomer("existing@example.com");
    const existingId = await userIdOf("existing@example.com");
    const mailsBefore = await db().select().from(outboxMail).where(eq(outboxMail.to, "existing@example.com"));
    const tokensBefore = await db().select().from(verification);

    const forExisting = await guestCheckout("existing@example.com");
    const forNew = await guestCheckout("someone.new@example.com");
    // The checkout's answer does not depend on whether the email has an account.
    expect([forExisting.status, forExisting.headers.get("Location")?.replace(/cs_test_[^/]+$/, "")]).toEqual([
      forNew.status,
      forNew.headers.get("Location")?.replace(/cs_test_[^/]+$/, ""),
    ]);

    await pay(forExisting.sessionId!);
    expect(await db().select({ id: user.id }).from(user).where(like(user.email, "existing@%"))).toEqual([{ id: existingId }]);
    expect(await orderById(forExisting.orderId!)).toMatchObject({ userId: null, createAccount: true });
    expect(await createAccountForOrder(forExisting.orderId!)).toEqual({ created: false });
    expect(await listAddresses(existingId!)).toEqual([]);
    const mailsAfter = await db().select().from(outboxMail).where(eq(outboxMail.to, "existing@example.com"));
    // The order confirmation only.
    expect(mailsAfter.map((m) => m.subject).filter((s) => !mailsBefore.some((b) => b.subject === s))).toEqual([expect.stringContaining("order")]);
    expect(await db().select().from(verification)).toHaveLength(tokensBefore.length);
  });

  it("an unpaid checkout creates nothing, and a signed-in customer's tick is ignored", async () => {
    const abandoned = await guestCheckout("abandoner@example.com");
    await closeUnpaidOrder({ provider: "test", eventId: "evt_abandon_1", eventType: "checkout.session.expired", sessionId: abandoned.sessionId! }, "cancelled");
    expect(await createAccountForOrder(abandoned.orderId!)).toEqual({ created: false });
    expect(await userIdOf("abandoner@example.com")).toBeNull();
    expect(await mailsTo("abandoner@example.com", "Set up your account")).toEqual([]);

    // Paid without the webhook's follow-up, then asked twice at once: one account, one email.
    const raced = await guestCheckout("racer.guest@example.com");
    expect(await confirmPayment({ provider: "test", eventId: "evt_race_1", eventType: "checkout.session.completed", sessionId: raced.sessionId!, paymentId: "pi_race", brand: "visa", last4: "4242" })).toMatchObject({ kind: "paid" });
    const results = await Promise.all([createAccountForOrder(raced.orderId!), createAccountForOrder(raced.orderId!), createAccountForOrder(raced.orderId!)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db().select({ id: user.id }).from(user).where(eq(user.email, "racer.guest@example.com"))).toHaveLength(1);
    expect(await mailsTo("racer.guest@example.com", "Set up your account")).toHaveLength(1);

    const { cookie } = await customerWithCart("signed.in@example.com");
    const signedIn = await postCheckout({ email: "someone.else@example.com", ...fieldsOf(home), createAccount: "on" }, cookie);
    expect((await orderById(signedIn.orderId!)).createAccount).toBe(false);
    await pay(signedIn.sessionId!);
    expect(await userIdOf("someone.else@example.com")).toBeNull();
  });
});
