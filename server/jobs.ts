import { log } from "./log";
import { metrics } from "./metrics";

/** Stops a periodic job and waits for a run under way, so the database is not closed beneath it. */
export type StopJob = () => Promise<void>;

/**
 * Runs `task` every `intervalMs` in this process, and at once when `immediately` (without making the
 * caller wait). A run still going when the next is due is not doubled. This only paces one process:
 * safety across instances is each task's own (SKIP LOCKED rows or an advisory lock).
 */
export function startPeriodicJob(name: string, intervalMs: number, task: () => Promise<void>, opts: { immediately?: boolean } = {}): StopJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    const started = performance.now();
    running ??= task()
      .then(
        () => metrics.jobRun(name, intervalMs, true, (performance.now() - started) / 1000),
        (err: unknown) => {
          metrics.jobRun(name, intervalMs, false, (performance.now() - started) / 1000);
          log.error({ err, job: name }, `${name} failed`);
        },
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (opts.immediately) tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
