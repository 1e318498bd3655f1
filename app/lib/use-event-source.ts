import { useEffect, useRef } from "react";

/** Matches the server's retry hint (server/realtime/sse.ts). */
const REOPEN_MS = 3_000;

/**
 * Listens to one Server-Sent Events stream while the component is mounted. `onReconnect` runs when the
 * browser reconnects after losing the stream, so a page can refetch what it may have missed meanwhile;
 * `onLost` runs once each time the stream is lost (or cannot be opened), however often the browser retries.
 */
export function useEventSource<T>(
  url: string,
  event: string,
  onMessage: (data: T) => void,
  onReconnect?: () => void,
  onLost?: () => void,
) {
  const handlers = useRef({ onMessage, onReconnect, onLost });
  useEffect(() => {
    handlers.current = { onMessage, onReconnect, onLost };
  });
  useEffect(() => {
    let source: EventSource;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let lost = false;
    const message = (e: MessageEvent<string>) => {
      try {
        handlers.current.onMessage(JSON.parse(e.data) as T);
      } catch {
        /* a malformed message is ignored, the next one still counts */
      }
    };
    const ready = () => {
      if (lost) handlers.current.onReconnect?.();
      lost = false;
    };
    const error = () => {
      if (!lost) handlers.current.onLost?.();
      lost = true;
      // The browser retries a dropped stream by itself but gives up on an error answer (a 503 while
      // the database is away): then we start over.
      if (source.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
    };
    const open = () => {
      source = new EventSource(url);
      source.addEventListener(event, message as EventListener);
      source.addEventListener("ready", ready);
      source.addEventListener("error", error);
    };
    open();
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [url, event]);
}
