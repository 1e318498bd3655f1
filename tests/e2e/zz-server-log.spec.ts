import fs from "node:fs";
import path from "node:path";
import { PASSWORD } from "./account-helpers";
import { ADMIN, expect, test } from "./fixtures";
import { readAll } from "./mailbox";

/**
 * Runs last (files run in name order, one worker): everything the shop printed while the whole
 * suite signed people up and in, reset passwords, paid with test cards and signed admins in must
 * hold none of those secrets.
 */
test("the server's log of the whole run holds no password, card number, mailed token or secret", () => {
  const logFile = process.env.E2E_LOG_FILE!;
  const lines = fs
    .readFileSync(logFile, "utf8")
    .split("\n");
  // The requests of the run are in it, each with its request id.
  const requests = lines.filter((l) => l.includes('"msg":"request"'));
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((l) => /"requestId":"[\w-]{8,64}"/.test(l))).toBe(true);

  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "secret.txt"), "utf8").trim();
  // Tokens of the confirmation and reset links mailed during the run.
  const tokens = readAll().flatMap((m) => [...m.text.matchAll(/[?&]token=([\w.-]{16,})/g)].map((t) => t[1]));
  const forbidden = [
    PASSWORD,
    "brand-new-pass-7",
    ADMIN.password,
    "retro-admin-demo",
    "4242 4242 4242 4242",
    "4242424242424242",
    "4000 0000 0000 0002",
    "4000000000000002",
    secret,
    ...tokens,
  ];
  const text = lines.join("\n");
  for (const value of forbidden) expect(text.includes(value), `the log contains ${value.slice(0, 6)}…`).toBe(false);
});
