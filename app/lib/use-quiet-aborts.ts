import { useEffect } from "react";

/**
 * A request the router cancels (a navigation or fetcher overtaken by the next one) can reject with
 * an AbortError nobody awaits any more, which the browser reports as an uncaught error (React
 * Router issue 14203; seen once in six e2e runs of the checkout journey, "signal is aborted without
 * reason"). A cancelled request needs no handling, so that rejection is marked handled; every other
 * rejection is still reported.
 */
export function useQuietAborts() {
  useEffect(() => {
    const quiet = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
    };
    window.addEventListener("unhandledrejection", quiet);
    return () => window.removeEventListener("unhandledrejection", quiet);
  }, []);
}
