// Prometheus metrics (docs/decisions/020-metrics.md): infrastructure. Areas count what happens
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
  checkouts: Prom.Counter<"stage">;
  webhooks: Prom.Counter<"result">;
  refunds: Prom.Counter<"outcome">;
  jobRuns: Prom.Counter<"job" | "result">;
  jobDuration: Prom.Histogram<"job">;
};

let m: Instruments | undefined;
const jobs = new Map<string, { intervalSeconds: number; lastFinished: number }>();

/**
 * Per-request series are kept here as plain numbers and only turned into the exposition at scrape
 * time: prom-client's labelled inc/observe cost about 5 µs a request on this machine (it hashes the
 * labels each time), over 3 % of a cached page; a Map lookup and a few additions cost about 0.05 µs.
 */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
type RequestSeries = { labels: { route: string; method: string; status: StatusClass }; counts: number[]; sum: number; count: number };
const requestSeries = new Map<string, RequestSeries[]>();
const pageCacheCounts = { hit: 0, miss: 0 };

const VERBS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** What areas and the HTTP layer count. Labels are bounded: route patterns, never URLs. */
export const metrics = {
  request(route: string, method: string, status: number, seconds: number) {
    if (!m) return;
    // Looked up by route, then by a small number for method and status class: no key string to build.
    let byRoute = requestSeries.get(route);
    if (!byRoute) requestSeries.set(route, (byRoute = []));
    const verb = VERBS.indexOf(method);
    const cls = Math.min(5, Math.max(1, Math.floor(status / 100)));
    const slot = (verb < 0 ? VERBS.length : verb) * 5 + cls - 1;
    let series = byRoute[slot];
    if (!series) {
      series = byRoute[slot] = { labels: { route, method: verb < 0 ? "OTHER" : method, status: `${cls}xx` as StatusClass }, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
    }
    series.count++;
    series.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]) {
        series.counts[i]++;
        break;
      }
    }
  },
  pageCache(result: "hit" | "miss") {
    if (m) pageCacheCounts[result]++;
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
  registerPlain(registry, "shop_http_requests_total", "counter", "HTTP requests by route pattern, method and status class.", () =>
    allRequestSeries().map((s) => ({ labels: s.labels, value: s.count })),
  );
  registerPlain(
    registry,
    "shop_http_request_duration_seconds",
    "histogram",
    "Time to answer an HTTP request (until the response is finished), by route pattern, method and status class.",
    () =>
      allRequestSeries().flatMap((s) => {
        let cumulative = 0;
        const buckets = BUCKETS.map((le, i) => ({ metricName: "shop_http_request_duration_seconds_bucket", labels: { le, ...s.labels }, value: (cumulative += s.counts[i]) }));
        return [
          ...buckets,
          { metricName: "shop_http_request_duration_seconds_bucket", labels: { le: "+Inf", ...s.labels }, value: s.count },
          { metricName: "shop_http_request_duration_seconds_sum", labels: s.labels, value: s.sum },
          { metricName: "shop_http_request_duration_seconds_count", labels: s.labels, value: s.count },
        ];
      }),
  );
  registerPlain(registry, "shop_page_cache_requests_total", "counter", "Anonymous page requests answered from this process's page cache (hit) or rendered (miss).", () =>
    (["hit", "miss"] as const).map((result) => ({ labels: { result }, value: pageCacheCounts[result] })),
  );
  const instruments: Instruments = {
    registry,
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

const allRequestSeries = () => [...requestSeries.values()].flatMap((byRoute) => byRoute.filter(Boolean));

type Sample = { metricName?: string; labels: Record<string, string | number>; value: number };

/** A series prom-client formats but this module counts (see requestSeries): read only at scrape time. */
function registerPlain(registry: Prom.Registry, name: string, type: "counter" | "histogram", help: string, values: () => Sample[]) {
  const metric = { name, help, type, aggregator: "sum", get: () => ({ name, help, type, aggregator: "sum", values: values() }) };
  registry.registerMetric(metric as unknown as Prom.Metric);
}

/** The exposition: the text and its Content-Type. Null while metrics are off. */
export async function scrape(): Promise<{ contentType: string; body: string } | null> {
  if (!m) return null;
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
