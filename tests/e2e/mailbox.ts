import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { mailDir } from "./mail-capture";

export type CapturedMail = { to: string[]; subject: string; text: string };

/** Undoes quoted-printable soft breaks and escapes (UTF-8 bytes, as "£" is =C2=A3), enough to read links and subjects. */
function decodeQuotedPrintable(s: string): string {
  const unbroken = s.replace(/=\r?\n/g, "");
  return unbroken.replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

function parse(raw: string, to: string[]): CapturedMail {
  const [head] = raw.split(/\r?\n\r?\n/, 1);
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
  return { to, subject, text: decodeQuotedPrintable(raw) };
}

/** Every message the capture server has received this run. */
export function readAll(): CapturedMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string[]; raw: string })
    .map((m) => parse(m.raw, m.to));
}

/** Waits for the newest message to `to` whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(() => {
      found = readAll()
        .filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject))
        .pop();
      return Boolean(found);
    }, { message: `an email to ${to} about "${subject}"`, timeout: 15_000 })
    .toBe(true);
  return found!;
}

/** The first link in a message that starts with `prefix` (an absolute URL of the shop). */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}
