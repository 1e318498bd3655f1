import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { shippingAddressSchema } from "@core/address";
import { ADDRESS_BOOK_MAX, type AddressBookEntry } from "@core/address-book";
import { user } from "../auth/schema";
import { db, transaction, type Tx } from "../db/client";
import { NotFoundError, RefusedError } from "../errors";
import { customerAddresses } from "./schema";

/**
 * The customer's address book (issue 15, Addresses): several shipping addresses, at most one the
 * default, which checkout preselects. Every change runs in a transaction that first locks the
 * customer's user row, so two tabs changing the book at once are serialised (the limit and the
 * one-default rule hold; the partial unique index backs the latter).
 */

/** A saved address: the same fields and rules as checkout's shipping details. */
export const addressSchema = shippingAddressSchema;

export type SavedAddress = z.infer<typeof addressSchema>;

export class AddressNotFoundError extends NotFoundError {
  constructor() {
    super("address");
  }
}

export class AddressBookFullError extends RefusedError {
  constructor() {
    super(`You can keep up to ${ADDRESS_BOOK_MAX} addresses. Delete one you no longer use first.`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = typeof customerAddresses.$inferSelect;

function entryOf(row: Row): AddressBookEntry | null {
  const stored = { name: row.name, line1: row.line1, line2: row.line2 ?? undefined, city: row.city, region: row.region ?? undefined, postalCode: row.postalCode, country: row.country };
  const parsed = addressSchema.safeParse(stored);
  if (parsed.success) return { id: row.id, isDefault: row.isDefault, ...parsed.data };
  // A US address saved before addresses had a state: every other part passed, so it is still
  // listed and prefills checkout, where the form asks for the state.
  if (parsed.error.issues.every((i) => i.path[0] === "region")) {
    return { id: row.id, isDefault: row.isDefault, ...stored, country: stored.country as SavedAddress["country"], region: undefined };
  }
  return null;
}

const columnsOf = (a: SavedAddress) => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2 ?? null,
  city: a.city,
  region: a.region ?? null,
  postalCode: a.postalCode,
  country: a.country,
});

/** The customer's addresses, the default first, then the newest. */
export async function listAddresses(userId: string): Promise<AddressBookEntry[]> {
  const rows = await db()
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), desc(customerAddresses.id));
  return rows.flatMap((r) => entryOf(r) ?? []);
}

/** One of the customer's own addresses; another customer's (or a malformed id) is null. */
export async function getAddress(userId: string, id: string): Promise<AddressBookEntry | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db()
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  return row ? entryOf(row) : null;
}

/** The default address (checkout prefills from it), or null. */
export async function getDefaultAddress(userId: string): Promise<AddressBookEntry | null> {
  return (await listAddresses(userId)).find((a) => a.isDefault) ?? null;
}

/** Serialises address book changes of one customer (see the module comment). */
async function lockBook(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}

async function makeDefault(tx: Tx, userId: string, id: string) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true), ne(customerAddresses.id, id)));
  await tx.update(customerAddresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(customerAddresses.id, id));
}

async function insertAddress(tx: Tx, userId: string, address: SavedAddress, asDefault: boolean): Promise<string> {
  const count = await tx.$count(customerAddresses, eq(customerAddresses.userId, userId));
  if (count >= ADDRESS_BOOK_MAX) throw new AddressBookFullError();
  const [row] = await tx
    .insert(customerAddresses)
    .values({ userId, ...columnsOf(address) })
    .returning({ id: customerAddresses.id });
  // The first address is the default whatever the box said: checkout needs one to preselect.
  if (asDefault || count === 0) await makeDefault(tx, userId, row.id);
  return row.id;
}

/** Adds an address; `asDefault` (or being the first) makes it the default. Returns its id. */
export function addAddress(userId: string, address: SavedAddress, { asDefault = false } = {}): Promise<string> {
  return transaction(async (tx) => {
    await lockBook(tx, userId);
    return insertAddress(tx, userId, address, asDefault);
  });
}

/** Changes one of the customer's addresses; `asDefault` makes it the default (unticking never leaves none). */
export function updateAddress(userId: string, id: string, address: SavedAddress, { asDefault = false } = {}): Promise<void> {
  return transaction(async (tx) => {
    await lockBook(tx, userId);
    const updated = await tx
      .update(customerAddresses)
      .set({ ...columnsOf(address), updatedAt: new Date() })
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .returning({ id: customerAddresses.id });
    if (updated.length === 0) throw new AddressNotFoundError();
    if (asDefault) await makeDefault(tx, userId, id);
  });
}

export function setDefaultAddress(userId: string, id: string): Promise<void> {
  return transaction(async (tx) => {
    await lockBook(tx, userId);
    if (!(await ownRow(tx, userId, id))) throw new AddressNotFoundError();
    await makeDefault(tx, userId, id);
  });
}

/** Deletes one address; when it was the default, the newest remaining one becomes the default. */
export function deleteAddress(userId: string, id: string): Promise<void> {
  return transaction(async (tx) => {
    await lockBook(tx, userId);
    const row = await ownRow(tx, userId, id);
    if (!row) throw new AddressNotFoundError();
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(desc(customerAddresses.createdAt), asc(customerAddresses.id))
      .limit(1);
    if (next) await makeDefault(tx, userId, next.id);
  });
}

async function ownRow(tx: Tx, userId: string, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await tx
    .select({ id: customerAddresses.id, isDefault: customerAddresses.isDefault })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  return row ?? null;
}

/** The same place, however it was typed: case and surrounding spaces do not make a new address. */
const same = (column: AnyPgColumn, value: string | undefined) => sql`lower(trim(coalesce(${column}, ''))) = ${(value ?? "").trim().toLowerCase()}`;

/**
 * Checkout's "Save this address to my account", after the order is paid: added unless the book
 * already holds the same address, and left out when the book is full (the order matters more than
 * the copy). Runs in the caller's transaction. Returns whether it was added.
 */
export async function saveAddressFromOrder(tx: Tx, userId: string, address: SavedAddress): Promise<boolean> {
  await lockBook(tx, userId);
  const [existing] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.userId, userId),
        same(customerAddresses.name, address.name),
        same(customerAddresses.line1, address.line1),
        same(customerAddresses.line2, address.line2),
        same(customerAddresses.city, address.city),
        same(customerAddresses.postalCode, address.postalCode),
        eq(customerAddresses.country, address.country),
      ),
    );
  if (existing) return false;
  const count = await tx.$count(customerAddresses, eq(customerAddresses.userId, userId));
  if (count >= ADDRESS_BOOK_MAX) return false;
  await insertAddress(tx, userId, address, false);
  return true;
}
