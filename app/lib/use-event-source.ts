import { useEffect, useRef } from "react";

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
    const source = new EventSource(url);
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
    };
    source.addEventListener(event, message as EventListener);
    source.addEventListener("ready", ready);
    source.addEventListener("error", error);
    return () => source.close();
  }, [url, event]);
}
