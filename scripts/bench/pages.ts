import autocannon from "autocannon";

export type PageResult = { path: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/** autocannon, 10 connections for `seconds` against one path; latency in ms. */
export async function benchPage(baseUrl: string, path: string, seconds = 10): Promise<PageResult> {
  // Warm the caches and the JIT first so the numbers describe steady state.
  await autocannon({ url: baseUrl + path, connections: 4, duration: 2 });
  const r = await autocannon({ url: baseUrl + path, connections: 10, duration: seconds });
  return {
    path,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Server render time of one request at low load: median over sequential requests. */
export async function medianLatency(baseUrl: string, path: string, samples = 200): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await fetch(baseUrl + path);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
}
