import { z } from "zod";
import { safeRedirectPath } from "./redirect";

/**
 * A plain HTML form post (no JavaScript) is a top-level navigation: browsers mark it with
 * Sec-Fetch-Mode: navigate. React Router's fetchers and forms use fetch(), marked cors/same-origin.
 * Without the header (old browsers) we answer as for a document, which always works.
 */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode === null || mode === "navigate";
}

/**
 * The path of the page the request came from when it is on this site, else the fallback. The
 * Referer is the client's to write: `http://shop//evil.example/x` has our origin and the path
 * `//evil.example/x`, so the path goes through the same check as every other redirect.
 */
export function refererPath(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    return from.origin === here.origin ? safeRedirectPath(`${from.pathname}${from.search}`, fallback) : fallback;
  } catch {
    return fallback;
  }
}

/** Whether a route parameter is a UUID (a record's id), before it is looked up. */
export function isUuid(id: string): boolean {
  return z.uuid().safeParse(id).success;
}
