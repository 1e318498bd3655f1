import { config } from "../config";
import { getAuth } from "./auth";
import { CLIENT_IP_HEADER } from "@server/http/client-ip";

export type AuthCallResult = {
  status: number;
  /** better-auth's JSON answer (`{ code, message }` on errors). */
  body: Record<string, unknown>;
  /** The Set-Cookie headers to pass on to the browser. */
  cookies: string[];
};

const FORWARDED = ["cookie", "origin", "user-agent", CLIENT_IP_HEADER];

/**
 * Calls one of better-auth's endpoints on behalf of the browser request behind a form action.
 * Going through `handler` rather than `auth.api` keeps better-auth's rate limiter and origin
 * check in the path, exactly as for a call to /api/auth from a script.
 */
export async function callAuth(request: Request, path: string, body: unknown): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await getAuth().handler(
    new Request(`${config().publicUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { message: text };
  }
  return { status: response.status, body: parsed ?? {}, cookies: response.headers.getSetCookie() };
}

/** Response headers carrying the cookies better-auth set (session, two-factor challenge...). */
export function cookieHeaders(cookies: string[], extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const c of cookies) headers.append("set-cookie", c);
  return headers;
}
