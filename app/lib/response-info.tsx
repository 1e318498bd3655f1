import { createContext, useContext } from "react";
import { useLocation } from "react-router";

/** What the server knew when it rendered an error page: the request's id and the status it answered. */
export type ResponseInfo = { requestId?: string; status?: number };

const ResponseInfoContext = createContext<ResponseInfo>({});
/** Set by app/entry.server.tsx for each document it renders. */
export const ResponseInfoProvider = ResponseInfoContext.Provider;

/**
 * The browser cannot ask the server, so it reads what the server wrote into the error page (see
 * ErrorPage) before hydrating: both render the same page. Read at module load, before hydration.
 */
const documentInfo: ResponseInfo = (() => {
  const el = typeof document === "undefined" ? null : document.querySelector<HTMLElement>("[data-request-id]");
  return el ? { requestId: el.dataset.requestId, status: Number(el.dataset.status) || undefined } : {};
})();
let documentLocationKey: string | undefined;

export function useResponseInfo(): ResponseInfo {
  const serverInfo = useContext(ResponseInfoContext);
  const { key } = useLocation();
  if (typeof document === "undefined") return serverInfo;
  documentLocationKey ??= key;
  // Only for the page the server rendered: an error after a client-side navigation is not that request.
  return key === documentLocationKey ? documentInfo : {};
}
