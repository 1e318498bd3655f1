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

/** What the access log says of one request (server/http/access-log.ts). */
export type AccessLine = { requestId: string; method: string; path: string; status: number; ms: number };

/**
 * Writes the access log's line for a request: the JSON `logger.info(fields, "request")` writes, built
 * by hand on the logger's own stream. Through pino's generic path (mixin, redaction, serialisers,
 * its per-key serialisation) the line was a third of the CPU of a page-cache hit: 20.6k req/s with
 * it, 30.1k without (docs/performance.md). Its fields are known and few: two strings escaped as
 * JSON, an HTTP method, two numbers; nothing in them is redacted.
 */
export function accessLineWriter(logger: pino.Logger): (line: AccessLine) => void {
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): void }>)[pino.symbols.streamSym];
  // `,"pid":1234,"hostname":"..."`: the logger's base bindings, serialised once by pino.
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  const level = logger.levels.values.info;
  return ({ requestId, method, path, status, ms }) => {
    if (!logger.isLevelEnabled("info")) return;
    stream.write(
      `{"level":${level},"time":${Date.now()}${bindings},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

export const writeAccessLine = accessLineWriter(log);
