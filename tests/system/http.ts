import fs from "node:fs";
import http from "node:http";
import net from "node:net";

/** Small HTTP and network tools for the system tests (outage, shutdown, log hygiene). */

/** An open Server-Sent Events stream, read as raw text so retry hints and comments are visible. */
export type EventStream = {
  text: () => string;
  /** Resolves when the server ends the stream (or the request fails). */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
};

export function openEventStream(url: string): EventStream {
  const abort = new AbortController();
  let text = "";
  let ended = false;
  const done = (async () => {
    try {
      const res = await fetch(url, { signal: abort.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    } catch {
      /* aborted by the test or cut by the server: either way the stream is over */
    } finally {
      ended = true;
    }
  })();
  return { text: () => text, ended: done, isEnded: () => ended, close: () => abort.abort() };
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request, answered in full. node:http rather than fetch: undici always sends
 * `Sec-Fetch-Mode: cors`, which the shop (rightly) answers as a fetcher rather than as a page.
 */
function send(url: string, options: http.RequestOptions, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

export function get(base: string, path: string, cookie?: string): Promise<Answer> {
  return send(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A same-origin form post as a browser without JavaScript sends it. */
export function postForm(base: string, path: string, fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  const headers = {
    Origin: base,
    "Content-Type": "application/x-www-form-urlencoded",
    "Content-Length": Buffer.byteLength(body),
    ...(cookie ? { Cookie: cookie } : {}),
  };
  return send(`${base}${path}`, { method: "POST", headers }, body);
}

/** A same-origin POST of any body with the given Content-Type (a script's request, not a browser's). */
export function postBody(base: string, path: string, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return send(
    `${base}${path}`,
    { method: "POST", headers: { Origin: base, "Content-Type": contentType, "Content-Length": Buffer.byteLength(body), ...headers } },
    body,
  );
}

/**
 * A TCP proxy in front of PostgreSQL that the test can cut: "refuse" drops every connection and
 * every new one at once, "silent" drops the open ones and lets new ones hang (a network partition).
 */
export type DatabaseProxy = {
  port: number;
  cut: (mode: "refuse" | "silent") => void;
  restore: () => void;
  close: () => Promise<void>;
};

export async function startDatabaseProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  const sockets = new Set<net.Socket>();
  let mode: "up" | "refuse" | "silent" = "up";
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "refuse") return client.destroy();
    if (mode === "silent") return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: (m) => {
      mode = m;
      dropAll();
    },
    restore: () => {
      mode = "up";
      dropAll(); // the silent ones: their clients gave up long ago
    },
    close: () => {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type RawAnswer = { status: number; head: string; body: string; bytesSent: number; writeError?: string };

/**
 * One request written on a raw socket, so the answer is read even when the server refuses the body
 * and closes before the client has finished sending it (node:http's client then fails with
 * EPIPE/ECONNRESET and the answer is lost). The body is sent in 64 KB pieces, as a length-delimited
 * or a chunked body, and sending stops as soon as an answer arrives, as a browser does.
 */
export function rawRequest(
  base: string,
  request: { method?: string; path: string; headers?: Record<string, string | number>; body: Buffer; chunked?: boolean },
): Promise<RawAnswer> {
  const url = new URL(base);
  const SLICE = 64 * 1024;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let bytesSent = 0;
    let writeError: string | undefined;
    let closed = false;
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => (writeError ??= err.code ?? err.message));
    socket.on("close", () => {
      closed = true;
      const text = Buffer.concat(received).toString("utf8");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer from ${request.path} (${writeError ?? "closed"}) after ${bytesSent} bytes`));
      const split = text.indexOf("\r\n\r\n");
      resolve({ status, head: text.slice(0, split), body: text.slice(split + 4), bytesSent, writeError });
    });
    socket.on("connect", async () => {
      const headers: Record<string, string | number> = {
        Host: url.host,
        Origin: url.origin,
        Connection: "close",
        ...(request.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": request.body.length }),
        ...request.headers,
      };
      const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
      socket.write(`${request.method ?? "POST"} ${request.path} HTTP/1.1\r\n${head}\r\n`);
      const stopped = () => closed || socket.destroyed || received.length > 0;
      for (let at = 0; at < request.body.length && !stopped(); at += SLICE) {
        const slice = request.body.subarray(at, at + SLICE);
        const framed = request.chunked ? Buffer.concat([Buffer.from(`${slice.length.toString(16)}\r\n`), slice, Buffer.from("\r\n")]) : slice;
        bytesSent += slice.length;
        if (!socket.write(framed)) {
          await new Promise<void>((done) => {
            socket.once("drain", done);
            socket.once("close", done);
          });
        }
      }
      if (request.chunked && !stopped()) socket.write("0\r\n\r\n");
    });
  });
}

/** The resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
