import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server standing in for the mail provider during e2e runs: each worker's shop sends
 * through SMTP_URL as in production, and each message lands as a file in the worker's mail folder
 * (E2E_MAIL_DIR, set by the worker's shop fixture in fixtures.ts), which the tests read.
 */
export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is set by the worker's shop fixture (tests/e2e/fixtures.ts)");
  return dir;
}

export function startMailCapture(dir: string, smtpPort: number): Promise<SMTPServer> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${String(++n).padStart(5, "0")}.json`);
        fs.writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(smtpPort, "127.0.0.1", () => resolve(server));
  });
}
