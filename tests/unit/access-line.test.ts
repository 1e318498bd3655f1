import fc from "fast-check";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { accessLineWriter, type AccessLine } from "../../server/log";

/** A logger like the shop's (server/log.ts), writing its lines into an array. */
function capture(level: pino.Level = "info") {
  const lines: string[] = [];
  const logger = pino({ level, redact: ["password", "*.token"] }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** The line as pino writes it, without the time, which differs by the call's millisecond. */
const withoutTime = (line: string) => {
  const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
  expect(typeof time).toBe("number");
  return rest;
};

describe("the access log's hand-built line", () => {
  it("is the JSON pino writes for the same fields, in the same order, whatever the path holds", () => {
    fc.assert(
      fc.property(
        fc.record({
          requestId: fc.stringMatching(/^[\w-]{8,64}$/),
          method: fc.constantFrom("GET", "HEAD", "POST", "DELETE"),
          path: fc.string({ unit: "binary", maxLength: 200 }).map((s) => `/${s}`),
          status: fc.integer({ min: 100, max: 599 }),
          ms: fc.double({ min: 0, max: 1e6, noNaN: true }),
        }),
        (line: AccessLine) => {
          const { logger, lines } = capture();
          accessLineWriter(logger)(line);
          logger.info(line, "request");
          expect(lines).toHaveLength(2);
          expect(lines[0].endsWith("\n")).toBe(true);
          const [mine, pinos] = lines.map(withoutTime);
          expect(mine).toEqual(pinos);
          expect(Object.keys(mine)).toEqual(Object.keys(pinos));
        },
      ),
    );
  });

  it("writes nothing when the logger's level is above info", () => {
    const { logger, lines } = capture("warn");
    accessLineWriter(logger)({ requestId: "abcdefgh", method: "GET", path: "/", status: 200, ms: 1 });
    expect(lines).toEqual([]);
  });
});
