// `npm run orders:export -- [--from 2026-01-01] [--to 2026-01-31] [--status completed] [--payment paid]
// [--fulfilment fulfilled] [--q text] [--tz Europe/London] > orders.csv`: the back office's CSV export
// (server/orders/export.ts) from the command line, streamed to stdout in batches of EXPORT_BATCH
// (env, default ORDER_EXPORT_BATCH: 250) orders.
import { parseArgs } from "node:util";
import { once } from "node:events";
// The one module this process runs, not the orders area's front door: a command of its own loads
// only what it needs (through the door the whole area came with it, and this export passed 200 MB).
import { orderCsvChunks, ORDER_EXPORT_BATCH } from "../server/orders/export";
import { isTimeZone } from "../core/admin-time";
import { orderListFilterOf, orderListRange } from "../core/order-list-filter";
import { openConfiguredDatabase } from "./open-db";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" }, status: { type: "string" }, payment: { type: "string" }, fulfilment: { type: "string" }, q: { type: "string" }, tz: { type: "string" } },
});
const timeZone = values.tz && isTimeZone(values.tz) ? values.tz : "UTC";
const { tz: _, ...fields } = values;
const filter = orderListFilterOf(new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string")));
const batch = Number(process.env.EXPORT_BATCH) || ORDER_EXPORT_BATCH;

const d = await openConfiguredDatabase();
try {
  for await (const chunk of orderCsvChunks({ ...filter, ...orderListRange(filter, timeZone) }, timeZone, batch)) {
    if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
  }
} finally {
  await d.close();
}
