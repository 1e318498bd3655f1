import { data, redirect } from "react-router";
import { DomainError, NotFoundError } from "../errors";

/*
 * The HTTP side of the domain's refusals: the only place under server/ (with the page handler) that
 * knows React Router. Domain code throws DomainErrors; route actions answer them with these.
 */

type DefaultBody = { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * A route's answer to a thrown error: a DomainError becomes its status with the body `body` builds
 * (by default `{ ok: false, message, fieldErrors }`); anything else is rethrown.
 */
export function domainErrorResponse(err: unknown): ReturnType<typeof data<DefaultBody>>;
export function domainErrorResponse<B>(err: unknown, body: (e: DomainError) => B): ReturnType<typeof data<B>>;
export function domainErrorResponse<B>(err: unknown, body?: (e: DomainError) => B) {
  if (!(err instanceof DomainError)) throw err;
  const payload = body ? body(err) : ({ ok: false, message: err.publicMessage, fieldErrors: err.fieldErrors } satisfies DefaultBody);
  return data(payload, { status: err.status });
}

/**
 * For a form on a record's own page: a record that is missing (or not the person's) is the 404 page,
 * as the page's loader answers; any other refusal is the form's answer (domainErrorResponse).
 */
export function missingPageOrDomainError(err: unknown) {
  if (err instanceof NotFoundError) throw data(null, { status: 404 });
  return domainErrorResponse(err);
}

/**
 * An upload endpoint's refusal. The connection is closed: a refused body may be left unread (a file
 * past 8 MB stops the reading), and keep-alive would have the server read the rest of it.
 */
export function uploadRefusal(err: { message: string; status: number }) {
  return data({ error: err.message }, { status: err.status, headers: { Connection: "close" } });
}

/** A redirect (React Router's: a Response a loader or action throws or returns), for guards outside server/http. */
export { redirect };
