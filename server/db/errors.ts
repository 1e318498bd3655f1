/** PostgreSQL error codes the domain code turns into messages (drizzle wraps the driver's error in `cause`). */
function pgCode(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 3; depth++) {
    const o = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof o.code === "string" && /^[0-9A-Z]{5}$/.test(o.code)) {
      const constraint = typeof o.constraint === "string" ? o.constraint : typeof o.constraint_name === "string" ? o.constraint_name : undefined;
      return { code: o.code, constraint };
    }
    e = o.cause;
  }
  return {};
}

/** True for a unique-constraint violation (23505), optionally of one named index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const { code, constraint: found } = pgCode(err);
  return code === "23505" && (!constraint || !found || found === constraint);
}
