import pino from "pino";

/** One logger for the process; JSON in production, readable in a terminal during development. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "token", "*.password", "*.token"],
  transport:
    process.env.NODE_ENV === "development" ? { target: "pino-pretty", options: { colorize: true } } : undefined,
});
