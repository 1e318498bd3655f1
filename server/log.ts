import pino from "pino";
import { currentRequest } from "./http/request-context";

/**
 * Drizzle puts a failed query's parameters into the error's message (and so its stack): they are
 * user data (emails, password hashes, tokens) and never belong in a log. The SQL text stays.
 */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, "");

function serializeError(err: Error): pino.SerializedError {
  const out = pino.stdSerializers.err(err);
  delete out.params;
  out.message = withoutParams(out.message);
  out.stack = withoutParams(out.stack);
  return out;
}

/**
 * One logger for the process; JSON in production, readable in a terminal during development. A line
 * logged while a request is handled carries its requestId (see server/http/access-log.ts).
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "token", "*.password", "*.token"],
  serializers: { err: serializeError },
  mixin: () => {
    const request = currentRequest();
    return request ? { requestId: request.requestId } : {};
  },
  transport:
    process.env.NODE_ENV === "development" ? { target: "pino-pretty", options: { colorize: true } } : undefined,
});
