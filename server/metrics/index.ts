// Prometheus metrics (docs/decisions/019-metrics.md): infrastructure. Areas count what happens
// through `metrics`; what must be read from an area at scrape time (the mail outbox) is handed in by
// the composition root (server/startup.ts) as a gauge reader, so this module knows no area.
// Everything is a no-op until startMetrics() has loaded prom-client (METRICS=on): a shop without
// metrics neither loads the library nor pays for a counter.
import type * as Prom from "prom-client";

export type StatusClass = "1xx" | "2xx" | "3xx" | "4xx" | "5xx";
export type WebhookResult = "applied" | "rejected" | "failed";

/** A reading taken at scrape time; null when there is nothing to report (PGlite has no pool). */
export type Readings = {
  outbox?: () => Promise<{ backlog: number; oldestAgeSeconds: number }>;
  pool?: () => { total: number; idle: number; waiting: number; max: number } | null;
  sse?: () => number;
};

type Instruments = {
  registry: Prom.Registry;
  requests: Prom.Counter<"route" | "method" | "status">;
  latency: Prom.Histogram<"route" | "method" | "status">;
  pageCache: Prom.Counter<"result">;
  checkouts: Prom.Counter<"stage">;
  webhooks: Prom.Counter<"result">;
  refunds: Prom.Counter<"outcome">;
  jobRuns: Prom.Counter<"job" | "result">;
  jobDuration: Prom.Histogram<"job">;
};

let m: Instruments | undefined;
const jobs = new Map<string, { intervalSeconds: number; lastFinished: number }>();

const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx` as StatusClass;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** What areas and the HTTP layer count. Labels are bounded: route patterns, never URLs. */
export const metrics = {
  request(route: string, method: string, status: number, seconds: number) {
    if (!m) return;
    const labels = { route, method: METHODS.has(method) ? method : "OTHER", status: statusClass(status) };
    m.requests.inc(labels);
    m.latency.observe(labels, seconds);
  },
  pageCache(result: "hit" | "miss") {
    m?.pageCache.inc({ result });
  },
  checkoutStarted() {
    m?.checkouts.inc({ stage: "started" });
  },
  checkoutPaid() {
    m?.checkouts.inc({ stage: "paid" });
  },
  paymentWebhook(result: WebhookResult) {
    m?.webhooks.inc({ result });
  },
  refund(outcome: "succeeded" | "failed") {
    m?.refunds.inc({ outcome });
  },
  /** A periodic job's run (server/jobs.ts): its outcome, its duration, and when it last finished for the lag. */
  jobRun(job: string, intervalMs: number, ok: boolean, seconds: number) {
    jobs.set(job, { intervalSeconds: intervalMs / 1000, lastFinished: Date.now() });
    if (!m) return;
    m.jobRuns.inc({ job, result: ok ? "ok" : "failed" });
    m.jobDuration.observe({ job }, seconds);
  },
};

export const metricsStarted = () => m !== undefined;

/** Loads prom-client and registers every series, the readings included. */
export async function startMetrics(readings: Readings): Promise<void> {
  if (m) return;
  const prom = await import("prom-client");
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requestLabels = ["route", "method", "status"] as const;
  const instruments: Instruments = {
    registry,
    requests: new prom.Counter({ name: "shop_http_requests_total", help: "HTTP requests by route pattern, method and status class.", labelNames: requestLabels, registers }),
    latency: new prom.Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the response is finished), by route pattern, method and status class.",
      labelNames: requestLabels,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new prom.Counter({ name: "shop_page_cache_requests_total", help: "Anonymous page requests answered from this process's page cache (hit) or rendered (miss).", labelNames: ["result"], registers }),
    checkouts: new prom.Counter({ name: "shop_checkouts_total", help: "Checkouts started (payment session opened) and paid (payment confirmed).", labelNames: ["stage"], registers }),
    webhooks: new prom.Counter({ name: "shop_payment_webhooks_total", help: "Payment webhooks: applied, rejected (bad signature or body, 400) or failed (500, the provider retries).", labelNames: ["result"], registers }),
    refunds: new prom.Counter({ name: "shop_refunds_total", help: "Refunds asked of the payment provider, by outcome.", labelNames: ["outcome"], registers }),
    jobRuns: new prom.Counter({ name: "shop_job_runs_total", help: "Background job runs in this process, by job and result.", labelNames: ["job", "result"], registers }),
    jobDuration: new prom.Histogram({ name: "shop_job_duration_seconds", help: "Background job run time.", labelNames: ["job"], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], registers }),
  };
  // Zeros from the start, so a rate() has a series to work on before the first event.
  for (const stage of ["started", "paid"]) instruments.checkouts.inc({ stage }, 0);
  for (const result of ["applied", "rejected", "failed"]) instruments.webhooks.inc({ result }, 0);
  for (const outcome of ["succeeded", "failed"]) instruments.refunds.inc({ outcome }, 0);
  for (const result of ["hit", "miss"]) instruments.pageCache.inc({ result }, 0);

  new prom.Gauge({
    name: "shop_job_lag_seconds",
    help: "How far each background job is behind its schedule: seconds since its last run finished, less its interval (0 when on time).",
    labelNames: ["job"],
    registers,
    collect() {
      const now = Date.now();
      for (const [job, j] of jobs) this.set({ job }, Math.max(0, (now - j.lastFinished) / 1000 - j.intervalSeconds));
    },
  });
  if (readings.outbox) {
    const read = readings.outbox;
    const backlog = new prom.Gauge({ name: "shop_outbox_backlog", help: "Mail waiting in the outbox to be delivered.", registers });
    new prom.Gauge({
      name: "shop_outbox_oldest_age_seconds",
      help: "Age of the oldest mail still waiting in the outbox (0 when none).",
      registers,
      async collect() {
        const r = await read();
        backlog.set(r.backlog);
        this.set(r.oldestAgeSeconds);
      },
    });
  }
  if (readings.pool) {
    const read = readings.pool;
    new prom.Gauge({
      name: "shop_db_pool_connections",
      help: "This process's PostgreSQL pool: connections open (total), idle, requests waiting for one, and the maximum.",
      labelNames: ["state"],
      registers,
      collect() {
        const p = read();
        if (!p) return;
        for (const state of ["total", "idle", "waiting", "max"] as const) this.set({ state }, p[state]);
      },
    });
  }
  if (readings.sse) {
    const read = readings.sse;
    new prom.Gauge({
      name: "shop_sse_connections",
      help: "Live-update (SSE) streams open in this process.",
      registers,
      collect() {
        this.set(read());
      },
    });
  }
  m = instruments;
}

/** The exposition: the text and its Content-Type. Null while metrics are off. */
export async function scrape(): Promise<{ contentType: string; body: string } | null> {
  if (!m) return null;
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}

/** Tests: forget the registry (a new configuration starts a new one). */
export function stopMetrics() {
  m = undefined;
  jobs.clear();
}
