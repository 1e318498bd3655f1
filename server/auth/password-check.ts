import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { DomainError } from "../errors";
import { getAuth } from "./auth";
import { account } from "./schema";

/** A password typed to confirm a sensitive step (deleting an account, handing over ownership) is wrong. */
export class WrongPasswordError extends DomainError {
  readonly status = 400;
  constructor() {
    super("That password is not correct.");
  }
}

/** Checks the account's password with better-auth's hashing. */
export async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const [row] = await db()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  return (await getAuth().$context).password.verify({ hash: row.hash, password });
}
