import { useEffect, useRef } from "react";

/**
 * Listens to one Server-Sent Events stream while the component is mounted. `onReconnect` runs when the
 * browser reconnects after losing the stream, so a page can refetch what it may have missed meanwhile.
 */
export function useEventSource<T>(
  url: string,
  event: string,
  onMessage: (data: T) => void,
  onReconnect?: () => void,
) {
  const handlers = useRef({ onMessage, onReconnect });
  useEffect(() => {
    handlers.current = { onMessage, onReconnect };
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
      lost = true;
    };
    source.addEventListener(event, message as EventListener);
    source.addEventListener("ready", ready);
    source.addEventListener("error", error);
    return () => source.close();
  }, [url, event]);
}
