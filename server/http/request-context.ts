import { AsyncLocalStorage } from "node:async_hooks";

/** What the server knows about the request being handled, wherever in its async call chain. */
export type RequestState = {
  requestId: string;
  /** Set when an error of this request came from the database being out of reach: it answers 503. */
  databaseUnavailable: boolean;
  /** Answers shared by the loaders of this request (oncePerRequest). */
  shared?: Map<string, unknown>;
};

const store = new AsyncLocalStorage<RequestState>();

export function runInRequest<T>(state: RequestState, fn: () => T): T {
  return store.run(state, fn);
}

/** The current request's state; undefined outside a request (start-up, timers, the bus). */
export function currentRequest(): RequestState | undefined {
  return store.getStore();
}

/**
 * One answer per request for `key`: the layout's and the page's loaders share it. React Router
 * hands each loader its own copy of the Request, so the request object cannot be the key. Outside a
 * request (tests, jobs) it computes each time.
 */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const state = store.getStore();
  if (!state) return compute();
  state.shared ??= new Map();
  if (!state.shared.has(key)) state.shared.set(key, compute());
  return state.shared.get(key) as T;
}
