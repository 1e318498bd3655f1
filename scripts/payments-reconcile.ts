// `npm run payments:reconcile`: asks the payment provider about unpaid orders' sessions and applies
// the paid or expired ones as their missed webhooks would have (server/checkout/reconcile.ts). The
// server does the same at start and every 5 minutes; this is for running it now.
import { reconcilePayments } from "../server/checkout";
import { openConfiguredDatabase } from "./open-db";

const d = await openConfiguredDatabase();
try {
  const report = await reconcilePayments();
  if (!report) {
    console.log("Another instance is reconciling right now; nothing done.");
  } else {
    console.log(
      `Checked ${report.checked} session(s): ${report.confirmed} order(s) confirmed as paid, ${report.soldOut} paid too late and refunded, ` +
        `${report.closed} expired, ${report.open} still open, ${report.errors} could not be reached.`,
    );
    if (report.errors > 0) process.exitCode = 1;
  }
} finally {
  await d.close();
}
