import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

/**
 * Configuration, validated once at start. Two modes, told apart by DATABASE_URL:
 * embedded (PGlite under DATA_DIR, secrets generated and kept there) and deployed
 * (PostgreSQL; missing secrets are a start-up error, never a silent default).
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  BETTER_AUTH_SECRET: optionalString,
  SESSION_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Pocket Retro <hello@pocketretro.example>"),
  GEMINI_API_KEY: optionalString,
  DEEPSEEK_API_KEY: optionalString,
  AI_BASE_URL_GEMINI: optionalUrl,
  AI_BASE_URL_DEEPSEEK: optionalUrl,
  /** How long an AI generation may run before the writer is told 'Request timed out'. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  MEDIA_DIR: optionalString,
  /** Where media files live: this machine's MEDIA_DIR, or an S3-compatible bucket shared by every instance (ADR 019). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Set: /media/<key> redirects to <this>/<key> (a CDN in front of the bucket) rather than streaming it. */
  MEDIA_PUBLIC_BASE_URL: optionalUrl,
  /** The Prometheus endpoint (/metrics), off unless "on"; then it answers only with METRICS_TOKEN as a bearer token. */
  METRICS: z.enum(["on", "off"]).default("off"),
  METRICS_TOKEN: optionalString,
  ADMIN_EMAIL: z.string().email().default("admin@pocketretro.example"),
  ADMIN_PASSWORD: optionalString,
  ADMIN_REQUIRE_2FA: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  REDIS_URL: optionalString,
  /** Express `trust proxy`: set it behind a reverse proxy so rate limits see the client's address. */
  TRUST_PROXY: optionalString,
  /** Checkout attempts (payment sessions opened) per client address in 10 minutes. */
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Units of one colour one order may hold (the cart says so). */
  ORDER_MAX_PER_COLOUR: z.coerce.number().int().min(1).max(999).default(10),
  /** Units one order may hold across its colours. */
  ORDER_MAX_UNITS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Hours after an unpaid checkout (with the shopper's consent) before its one reminder email (server/checkout/reminder.ts). */
  REMINDER_DELAY_HOURS: z.coerce.number().min(0).max(24 * 30).default(3),
  /** Units one client address may hold in unpaid checkouts at once (reservations not yet lapsed). */
  CHECKOUT_MAX_HELD_UNITS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Largest body a form, JSON or auth request may send (bytes); above it 413, unread (docs/operations.md). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(16 * 1024).max(64 * 1024 * 1024).default(1024 * 1024),
  /** Largest payment webhook body (bytes), refused before its signature is checked. */
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce.number().int().min(16 * 1024).max(64 * 1024 * 1024).default(256 * 1024),
  /** Live-update (SSE) streams one client address may hold open at once; beyond it 429. */
  SSE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Live-update streams this process holds open at once; beyond it 503. Default: 2,000 or half the
   * open-file limit, whichever is lower; never above the open-file limit less 256 (see sseMaxTotal).
   */
  SSE_MAX_CONNECTIONS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(10_000_000).optional()),
  /**
   * The cache of rendered pages for anonymous visitors (ADR 014): on unless "off". Never used by
   * `npm run dev` (code changes would not show).
   */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** Seconds a shared cache (CDN, nginx proxy_cache) may serve an anonymous page without asking. */
  PAGE_S_MAXAGE: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds after that it may still serve it while it fetches a fresh copy. */
  PAGE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(86_400).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * libaom's effort for the seed artwork's AVIF renditions (0 fastest, 9 smallest). `npm test` sets
   * 0: the same files at the same sizes, a fifth bigger, in under half the rendering time.
   */
  SEED_ARTWORK_AVIF_EFFORT: z.coerce.number().int().min(0).max(9).default(3),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  mediaDir: string;
  /** The bucket's settings when S3_BUCKET is set (the store when MEDIA_STORAGE=s3, the target of media:copy-to-s3). */
  s3: S3Settings | undefined;
  publicUrl: string;
  authSecret: string;
  embedded: boolean;
  /**
   * Whether the published demo admin password may be used: only on the embedded database outside
   * production (`npm run dev`, tests). Elsewhere it is refused at start.
   */
  demoAdminAllowed: boolean;
  /** The process's open-file limit (`ulimit -n`) read at start, and the live-update cap below it. */
  openFileLimit: number;
  sseMaxTotal: number;
};

import { DEMO_ADMIN_PASSWORD } from "@core/auth-rules";
import type { S3Settings } from "./storage/s3";

export { DEMO_ADMIN_PASSWORD };

/**
 * The process's soft limit on open files (`ulimit -n`): every socket, event stream included, takes a
 * descriptor, and at the limit the process can accept nothing (nor open a database connection).
 * Read from /proc on Linux; elsewhere 1024, the usual default.
 */
export function readOpenFileLimit(limits = "/proc/self/limits"): number {
  try {
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync(limits, "utf8"))?.[1];
    if (soft === "unlimited") return Number.MAX_SAFE_INTEGER;
    if (soft) return Number(soft);
  } catch {
    /* not Linux */
  }
  return 1024;
}

/** Descriptors kept for what is not a live stream: page requests, the database pool, files. */
const RESERVED_FILES = 256;

/** The global cap on live-update streams: configured or 2,000, always below the open-file limit. */
export function sseMaxTotal(configured: number | undefined, openFiles: number): number {
  const ceiling = Math.max(1, openFiles - RESERVED_FILES);
  return Math.min(configured ?? Math.min(2000, Math.floor(openFiles / 2)), ceiling);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.txt");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const embedded = !c.DATABASE_URL;
  let authSecret = c.BETTER_AUTH_SECRET ?? c.SESSION_SECRET;
  if (!authSecret) {
    if (!embedded) {
      throw new Error("BETTER_AUTH_SECRET is required when DATABASE_URL is set (see .env.example).");
    }
    authSecret = readOrCreateSecret(dataDir);
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new Error("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: without it no payment can be confirmed.");
  }
  const demoAdminAllowed = embedded && c.NODE_ENV !== "production";
  if (!demoAdminAllowed && c.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) {
    throw new Error(
      "ADMIN_PASSWORD is the published demo password; choose another one (the demo password is refused in production and whenever DATABASE_URL is set).",
    );
  }
  if (c.MEDIA_STORAGE === "s3" && !c.S3_BUCKET) throw new Error("S3_BUCKET is required when MEDIA_STORAGE=s3 (see .env.example).");
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials.");
  if (c.METRICS === "on" && (c.METRICS_TOKEN ?? "").length < 16) throw new Error("METRICS=on needs METRICS_TOKEN, 16 or more characters: /metrics answers only to it.");
  const openFileLimit = readOpenFileLimit();
  return {
    ...c,
    openFileLimit,
    sseMaxTotal: sseMaxTotal(c.SSE_MAX_CONNECTIONS, openFileLimit),
    dataDir,
    mediaDir: path.resolve(c.MEDIA_DIR ?? path.join(dataDir, "media")),
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION ?? "us-east-1",
          endpoint: c.S3_ENDPOINT,
          credentials: c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    authSecret,
    embedded,
    demoAdminAllowed,
  };
}

let current: Config | undefined;

export function config(): Config {
  current ??= loadConfig();
  return current;
}

/** Tests and the start script set configuration explicitly. */
export function setConfig(c: Config) {
  current = c;
}
