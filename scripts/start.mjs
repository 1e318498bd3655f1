// `npm start`: builds the shop when there is no up-to-date build, then serves it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = "build/server/index.js";
const stale =
  !fs.existsSync(built) ||
  Math.max(newestMtime("app"), newestMtime("server")) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log("Building the shop (first start or sources changed)...");
  const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("./serve.mjs");
