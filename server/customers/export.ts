import { sql } from "drizzle-orm";
import { executeRows } from "../db/client";
import { csvChunks, csvDateFormatter, csvHeader, csvLine } from "../http/csv";
import { centsToDecimal } from "@core/money";
import { EXPORT_BATCH } from "../http/csv";
import { customerColumns, customersSql, matches, toRow, type RawCustomer } from "./admin";

/**
 * The customers list as CSV (issue 14): the same rows and search as /admin/customers, streamed in
 * batches by keyset on the email (each customer is one lower-case email), so memory stays flat however
 * many customers there are. Spent is in US dollars, each order at its stored rate, as the list shows.
 */

export const customerExportHeader = (timeZone: string) => ["name", "email", "account", "orders", "spent (USD)", `last order (${timeZone})`, "newsletter"];

export async function* customerCsvChunks(q: string | undefined, timeZone: string, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  const date = csvDateFormatter(timeZone);
  yield csvHeader(customerExportHeader(timeZone));
  let after: string | null = null;
  for (;;) {
    const raw: (RawCustomer & { newsletter: boolean })[] = await executeRows<RawCustomer & { newsletter: boolean }>(sql`${customersSql}
      select ${customerColumns} from c
      where ${matches(q)} ${after === null ? sql`` : sql`and c.email > ${after}`}
      order by c.email
      limit ${batchSize}`);
    if (raw.length === 0) return;
    yield* csvChunks(
      raw
        .map(toRow)
        .map((c) => csvLine([c.name, c.email, c.registered ? "Account" : "Guest", String(c.orderCount), centsToDecimal(c.totalSpentCents), c.lastOrderAt ? date(new Date(c.lastOrderAt)) : "", c.newsletter ? "yes" : "no"])),
    );
    if (raw.length < batchSize) return;
    after = raw[raw.length - 1].email;
  }
}
