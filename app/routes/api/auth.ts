import { getAuth } from "@server/auth";
import type { Route } from "./+types/auth";

/**
 * better-auth's endpoints under /api/auth/*. A resource route rather than Express middleware:
 * the route table stays the one list of URLs, and the handler sees the same Request (with the
 * client-IP header set in server/app.ts) as our own form actions, which call it via callAuth.
 */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
