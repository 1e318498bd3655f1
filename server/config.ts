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
  /** Units one client address may hold in unpaid checkouts at once (reservations not yet lapsed). */
  CHECKOUT_MAX_HELD_UNITS: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Sell in every seeded market (UK in GBP, EU in EUR, rest of world). Off by default until checkout
   * charges in the market's currency (issue 12, slice 4): with it on, a UK shopper sees £ prices but
   * pays the US dollar price. Off, every shopper is in the United States market.
   */
  LOCAL_MARKETS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  mediaDir: string;
  publicUrl: string;
  authSecret: string;
  embedded: boolean;
  /**
   * Whether the published demo admin password may be used: only on the embedded database outside
   * production (`npm run dev`, tests). Elsewhere it is refused at start.
   */
  demoAdminAllowed: boolean;
};

export const DEMO_ADMIN_PASSWORD = "retro-admin-demo";

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
  return {
    ...c,
    dataDir,
    mediaDir: path.resolve(c.MEDIA_DIR ?? path.join(dataDir, "media")),
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
