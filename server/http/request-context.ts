import { AsyncLocalStorage } from "node:async_hooks";

/** What the server knows about the request being handled, wherever in its async call chain. */
export type RequestState = {
  requestId: string;
  /** Set when an error of this request came from the database being out of reach: it answers 503. */
  databaseUnavailable: boolean;
};

const store = new AsyncLocalStorage<RequestState>();

export function runInRequest<T>(state: RequestState, fn: () => T): T {
  return store.run(state, fn);
}

/** The current request's state; undefined outside a request (start-up, timers, the bus). */
export function currentRequest(): RequestState | undefined {
  return store.getStore();
}
