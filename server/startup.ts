import { ensureFirstAdmin } from "./auth/admins";
import { config } from "./config";
import { openDatabase, setDatabase, database } from "./db/client";
import { seed } from "./db/seed";
import { log } from "./log";
import { startReservationSweep } from "./orders/reservations";
import { startBus } from "./realtime/bus";

let stopSweep: (() => void) | undefined;

/** Opens and migrates the database, seeds what is missing and starts listening for events. */
export async function startServices() {
  const c = config();
  const started = Date.now();
  const d = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir });
  setDatabase(d);
  const seeded = await seed();
  await ensureFirstAdmin();
  await startBus();
  stopSweep = startReservationSweep();
  log.info({ db: d.kind, products: seeded.products, ms: Date.now() - started }, "database ready");
  return c;
}

export async function stopServices() {
  stopSweep?.();
  await database().close();
  setDatabase(undefined);
}
