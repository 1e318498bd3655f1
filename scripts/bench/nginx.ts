import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/**
 * nginx serving given pages as static files with a pre-compressed gzip copy (gzip_static): the
 * bytes a cache or CDN would send, from the fastest static server at hand. One worker, like the
 * shop's one process. Null when nginx is not installed (`apt-get install nginx-light`).
 */
export type StaticServer = { url: string; stop: () => Promise<void> };

const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

export function nginxInstalled(): boolean {
  return !spawnSync(NGINX, ["-v"]).error;
}

export async function startStaticNginx(port: number, pages: { path: string; html: Buffer }[]): Promise<StaticServer | null> {
  if (!nginxInstalled()) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  fs.chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  for (const p of pages) {
    const file = path.join(root, p.path.replace(/\/$/, ""), "index.html");
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, p.html, { mode: 0o644 });
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(p.html, { level: 9 }), { mode: 0o644 });
  }
  const temp = ["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t === "body" ? "client_body" : t}_temp_path ${dir}/${t};`).join(" ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; gzip_static on; default_type text/html; ${temp}
  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri/index.html $uri =404; } } }
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (see ${dir}/error.log)`);
    if (await fetch(`${url}${pages[0].path}`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error("nginx did not answer");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
