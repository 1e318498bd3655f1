import { ensureFirstAdmin } from "@server/auth";
import { config } from "./config";
import { openDatabase, setDatabase, database } from "./db/client";
import { seed } from "@server/seed";
import type { StopJob } from "./jobs";
import { log } from "./log";
import { outboxBacklog, startMailDelivery } from "@server/mail";
import { startMetrics } from "./metrics";
import { openStreamCounts } from "./realtime/sse";
import { startOlderOrderAllocation } from "@server/orders";
import { startReservationSweep } from "@server/orders";
import { startCheckoutReminders, startPaymentReconciliation } from "@server/checkout";
import { resetBus, startBus } from "./realtime/bus";
import { startBackInStockNotices } from "@server/inventory";
import { startRateLimitCleanup } from "./security/rate-limit";

let jobs: StopJob[] = [];

/**
 * Opens and migrates the database, seeds what is missing, starts listening for events and starts the
 * background jobs (each safe with several instances). Reconciliation's first pass runs in the
 * background: start-up never waits on the payment provider.
 */
export async function startServices() {
  const c = config();
  const started = Date.now();
  const d = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir });
  setDatabase(d);
  const seeded = await seed();
  await ensureFirstAdmin();
  await startBus();
  // The readings an operator watches (ADR 020), handed to the metrics module from here, where the areas are known.
  if (c.METRICS === "on") await startMetrics({ outbox: outboxBacklog, pool: () => d.poolStats?.() ?? null, sse: () => openStreamCounts().total });
  jobs = [
    startReservationSweep(),
    startPaymentReconciliation(),
    startCheckoutReminders(),
    startBackInStockNotices(),
    startOlderOrderAllocation(),
    startRateLimitCleanup(),
    ...(c.SMTP_URL ? [startMailDelivery()] : []),
  ];
  log.info({ db: d.kind, products: seeded.products, ms: Date.now() - started }, "database ready");
  return c;
}

export async function stopServices() {
  await Promise.all(jobs.map((stop) => stop()));
  jobs = [];
  resetBus();
  await database().close();
  setDatabase(undefined);
}
