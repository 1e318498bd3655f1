import { afterEach } from "vitest";

/**
 * console.error fails the test that caused it (as in the e2e suite and the Epic Stack): an error
 * someone printed and nobody asserted is a bug hiding in the output. The message is still printed.
 * A test that expects one takes it with drainConsoleErrors() before it ends.
 */
const printed: string[] = [];
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  printed.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  original(...args);
};

/** The console.error messages printed since the last call (or since the test began). */
export function drainConsoleErrors(): string[] {
  return printed.splice(0);
}

afterEach(() => {
  const messages = drainConsoleErrors();
  if (messages.length > 0) throw new Error(`console.error was called during this test:\n${messages.join("\n")}`);
});
