import { data } from "react-router";

/**
 * Reading a form post's body, for every route action (issue 11, item 5). Whatever arrives is the
 * client's to write: a JSON body, a multipart body that does not parse, or a NUL byte (which
 * PostgreSQL text cannot store) is the client's mistake, answered 415/400 with the reason, never a
 * 500, and nothing is written. Size is checked before any of this (server/http/body-limit.ts).
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export type BadFormBody = { ok: false; message: string };

function refuse(status: 400 | 415, message: string): never {
  throw data<BadFormBody>({ ok: false, message }, { status });
}

/** The request's form fields; throws a 415 or 400 answer for a body that is not a readable form. */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    refuse(415, "This form accepts application/x-www-form-urlencoded or multipart/form-data bodies only.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse(400, "The form data could not be read. Please submit the form again.");
  }
  for (const [name, value] of form) if (typeof value === "string") assertNoNul(name, value);
  return form;
}

/** Refuses (400) a text containing a NUL byte: PostgreSQL text cannot hold one, so no field accepts it. */
export function assertNoNul(name: string, value: string): void {
  if (value.includes("\0")) refuse(400, `The field "${name.slice(0, 40)}" contains a NUL character, which no field accepts.`);
}

/** A URL's query parameters, refused (400) when any holds a NUL byte (a search box, a filter). */
export function searchParamsOf(request: Request): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of params) assertNoNul(name, value);
  return params;
}
