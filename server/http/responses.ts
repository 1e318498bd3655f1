import { data, redirect } from "react-router";
import { fieldErrors, firstMessage, type FieldErrors } from "@core/form";
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
 * A form that failed its schema: 400 with the default body. `message` is the first issue's words (what
 * a toast or the form's box shows), `fieldErrors` every field's message for the fields themselves.
 * `extra` adds what the page needs besides (the intent, the values to show again).
 */
export function invalidForm<E extends object = Record<never, never>>(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  extra?: E,
) {
  const body = { ...(extra as E), ok: false as const, message: firstMessage(error), fieldErrors: fieldErrors(error) };
  return data(body, { status: 400 });
}

/** A refusal that is no DomainError (too many attempts, a method not allowed, a field checked by hand), in the default body. */
export function refusal(message: string, status: number, fieldErrors: FieldErrors = {}, init: { headers?: HeadersInit } = {}) {
  return data({ ok: false as const, message, fieldErrors }, { status, headers: init.headers });
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
export function uploadRefusal(err: { message: string; status: number; fieldErrors?: Record<string, string> }) {
  return refusal(err.message, err.status, err.fieldErrors ?? {}, { headers: { Connection: "close" } });
}

/** A redirect (React Router's: a Response a loader or action throws or returns), for guards outside server/http. */
export { redirect };
