/**
 * The one shape of a refusal the domain explains: an HTTP status and a message safe to show the person
 * (staff or customer). Domain modules throw subclasses; routes answer them with `domainErrorResponse` (server/http/responses.ts)
 * instead of keeping their own class-to-status tables. Anything else is a bug and stays a 500.
 */
export abstract class DomainError extends Error {
  /** The HTTP status a route answers with. */
  abstract readonly status: number;
  /** What the person reads; `message` may say more for the log. */
  readonly publicMessage: string;
  /** Messages by field path, for a form that shows them next to its fields. */
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, options: { publicMessage?: string; fieldErrors?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    this.publicMessage = options.publicMessage ?? message;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

/** A record that does not exist (or is not the person's): 404 with "This {thing} no longer exists." */
export abstract class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(thing: string) {
    super(`${thing[0].toUpperCase()}${thing.slice(1)} not found`, { publicMessage: `This ${thing} no longer exists.` });
  }
}

/** A change the rules refuse (409): the message says which rule. */
export abstract class RefusedError extends DomainError {
  readonly status: number = 409;
}

/**
 * A save the form can explain next to a field: 409 when the field that failed must be unique (a slug,
 * a code), else 400. The first field's message is the summary.
 */
export abstract class FieldSaveError extends DomainError {
  readonly status: number;
  constructor(fieldErrors: Record<string, string>, fallback: string, uniqueField: string) {
    super(Object.values(fieldErrors)[0] ?? fallback, { fieldErrors });
    this.status = fieldErrors[uniqueField] ? 409 : 400;
  }
}
