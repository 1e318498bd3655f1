import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { DomainError } from "../errors";
import { MAX_IMAGE_BYTES, sniffImageType } from "./uploads";

/**
 * Fetching an image a writer linked, once, on the server (server/media/import-images.ts): the
 * server is inside the operator's network, so the address is the danger (SSRF). Every hop, first and
 * after each redirect, is resolved here and refused unless every address it resolves to is public;
 * the connection then goes to the address that was checked (no second lookup a DNS rebinding could
 * answer differently). At most 3 redirects, 8 MB, 10 seconds, and bytes that sniff as a raster image.
 */
export class RemoteImageError extends DomainError {
  readonly status = 400;
}

const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 (reaches IPv4 addresses through a gateway)
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo included)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** Whether an address is on the public internet: no private, loopback, link-local, reserved or mapped private range. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4-mapped or -compatible address (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 address it carries.
    const mapped = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[2] ?? mappedHex(address);
    if (mapped) return isPublicAddress(mapped);
    return !BLOCKED.check(address, "ipv6");
  }
  return !BLOCKED.check(address, "ipv4");
}

function mappedHex(address: string): string | null {
  const m = /^::(ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!m) return null;
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type FetchImageOptions = {
  /** Which resolved addresses may be contacted; tests widen it to their own loopback server. */
  allowAddress?: (address: string) => boolean;
  maxBytes?: number;
  maxRedirects?: number;
  timeoutMs?: number;
};

/** The address to connect to for `url`'s host, after checking every address it resolves to. */
async function vettedAddress(url: URL, allowAddress: (address: string) => boolean): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const found = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (found.length === 0) throw new RemoteImageError(`${url.host} could not be found.`);
  // Every address must pass: a name with one public and one private address is refused.
  if (!found.every((a) => allowAddress(a.address))) throw new RemoteImageError(`${url.host} is not on the public internet.`);
  return found[0];
}

type Hop = { status: number; location: string | null; body: Buffer };

function request(url: URL, to: { address: string; family: number }, maxBytes: number, timeoutMs: number): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(
      url,
      {
        // The connection goes to the checked address; TLS still verifies the certificate for the name.
        lookup: (_host, _options, callback) => callback(null, to.address, to.family),
        headers: { Accept: "image/avif,image/webp,image/png,image/jpeg,image/gif", "User-Agent": "PocketRetro-ImageImport/1" },
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, body: Buffer.alloc(0) });
          return;
        }
        if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
          req.destroy();
          reject(new RemoteImageError(`The image at ${url.host} is larger than ${maxBytes / 1024 / 1024} MB.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            reject(new RemoteImageError(`The image at ${url.host} is larger than ${maxBytes / 1024 / 1024} MB.`));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new RemoteImageError(`${url.host} did not answer in time.`)));
    req.on("error", (err) => reject(err instanceof RemoteImageError ? err : new RemoteImageError(`${url.host} could not be reached.`)));
  });
}

/** The bytes of the image at `address`, fetched under the rules above; throws RemoteImageError. */
export async function fetchRemoteImage(address: string, options: FetchImageOptions = {}): Promise<Buffer> {
  const { allowAddress = isPublicAddress, maxBytes = MAX_IMAGE_BYTES, maxRedirects = 3, timeoutMs = 10_000 } = options;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteImageError("That image address is not a web address.");
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new RemoteImageError("Images are fetched over http(s) only.");
    if (url.username || url.password) throw new RemoteImageError("Image addresses with a user name or password are refused.");
    const answer = await request(url, await vettedAddress(url, allowAddress), maxBytes, timeoutMs);
    if (answer.location !== null) {
      if (hop >= maxRedirects) throw new RemoteImageError(`${url.host} redirected too many times.`);
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status !== 200) throw new RemoteImageError(`${url.host} answered ${answer.status} for the image.`);
    if (!sniffImageType(answer.body)) throw new RemoteImageError(`The file at ${url.host} is not a PNG, JPEG, WebP, GIF or AVIF image.`);
    return answer.body;
  }
}
