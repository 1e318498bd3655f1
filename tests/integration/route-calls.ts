/** Calling route actions in-process, exactly as React Router would with just the request. */

type AnyAction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

export const call = (fn: unknown, request: Request, context: unknown = {}) =>
  (fn as AnyAction)({ request, params: {}, context });

/** The Response a guard or loader threw (a redirect, a 403); fails when nothing was thrown. */
export async function thrown(p: unknown): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown response");
}

/** A browser form post (urlencoded) to the shop. */
export function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a route action answered: a Response (redirect) or data() with its status. */
export function answer(result: unknown): { status: number; body?: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, headers: result.headers };
  const r = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } };
  return { status: r.init?.status ?? 200, body: r.data, headers: new Headers(r.init?.headers) };
}
