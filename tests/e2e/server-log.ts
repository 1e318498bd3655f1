import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { PASSWORD } from "./account-helpers";
import { ADMIN } from "./admin-account";
import { readAll } from "./mailbox";

/**
 * Run at the end of each worker (fixtures.ts), on its shop's log: everything the shop printed while
 * the worker's tests signed people up and in, reset passwords, paid with test cards and signed admins
 * in must hold none of those secrets, nor the shop's own secret, nor a token it mailed.
 */
export function expectCleanServerLog(logFile: string, dataDir: string) {
  const lines = fs.readFileSync(logFile, "utf8").split("\n");
  // The requests of the run are in it, each with its request id.
  const requests = lines.filter((l) => l.includes('"msg":"request"'));
  expect(requests.length, `requests in ${logFile}`).toBeGreaterThan(0);
  expect(requests.every((l) => /"requestId":"[\w-]{8,64}"/.test(l)), `every request in ${logFile} has a request id`).toBe(true);

  const secret = fs.readFileSync(path.join(dataDir, "secret.txt"), "utf8").trim();
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
  for (const value of forbidden) expect(text.includes(value), `${logFile} contains ${value.slice(0, 6)}…`).toBe(false);
}
