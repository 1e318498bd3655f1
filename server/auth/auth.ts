import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { PASSWORD_MAX, PASSWORD_MIN } from "@core/auth-rules";
import { config } from "../config";
import { database, type Database } from "../db/client";
import * as schema from "../db/schema";
import { log } from "../log";
import { sendConfirmationEmail, sendExistingAccountEmail, sendPasswordResetEmail } from "./emails";
import { CLIENT_IP_HEADER } from "@server/http/client-ip";
import { authRateLimitStorage } from "../security/rate-limit";
import { checkSignInLimits, signInLimitAfter } from "./sign-in-limits";
import { refuseReplayedTotp } from "./totp-replay";


/**
 * Attempts per client IP per window. Sign-in is the one attackers hammer; the mail-sending
 * endpoints are kept low so nobody can use the shop to flood an inbox.
 */
export const AUTH_RATE_LIMITS: Record<string, { window: number; max: number } | false> = {
  // Sign-in has its own limits keyed on account, address and known device (sign-in-limits.ts).
  "/sign-in/email": false,
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 300, max: 3 },
  "/send-verification-email": { window: 300, max: 3 },
  "/reset-password": { window: 60, max: 10 },
  "/change-password": { window: 60, max: 5 },
} as const;

/**
 * The admin plugin gives us the `role` and `banned` fields and a server-side API for staff
 * management. Its HTTP endpoints (/api/auth/admin/*) are closed: they check the role only, so an
 * admin session without the second factor could use them, and nothing they do reaches audit_log.
 * Staff management the shop offers lives in the back office, behind requireAdmin, and calls
 * `auth.api` from the server. The plugin's own permissions know the owner only (staff and writer
 * roles are ours: core/staff-roles.ts).
 */
const adminPlugin = () =>
  admin({ defaultRole: "user", adminRoles: ["owner"], roles: { owner: adminAc, user: userAc } });

/** Paths (under /api/auth) that answer 404 over HTTP: every endpoint of the admin plugin. */
export const CLOSED_AUTH_PATHS = Object.values(adminPlugin().endpoints).map((endpoint) => endpoint.path);

function createAuth(d: Database) {
  const c = config();
  const publicUrl = c.publicUrl;
  return betterAuth({
    appName: "Pocket Retro",
    baseURL: publicUrl,
    basePath: "/api/auth",
    disabledPaths: CLOSED_AUTH_PATHS,
    secret: c.authSecret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(d.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Our page, not better-auth's callback: it checks the token and asks for the new password.
      sendResetPassword: ({ user, token }) =>
        sendPasswordResetEmail(user.email, `${publicUrl}/auth/reset?token=${encodeURIComponent(token)}`),
      onExistingUserSignUp: ({ user }) => sendExistingAccountEmail(user.email, `${publicUrl}/auth`),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) =>
        sendConfirmationEmail(user.email, `${publicUrl}/auth/verify?token=${encodeURIComponent(token)}`),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      // On in every environment: the limit is part of the product, and the tests check it.
      enabled: true,
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
      // One limiter library for every window: Redis when REDIS_URL is set, else the database (server/security/rate-limit.ts).
      customStorage: authRateLimitStorage(c.REDIS_URL),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    logger: {
      log: (level, message, ...args) => {
        // A mistyped password is routine, not a warning worth paging anyone about.
        const routine = /^(Invalid password|User not found|Email not verified)/i.test(message);
        log[routine ? "info" : level]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await checkSignInLimits(ctx);
        await refuseReplayedTotp(ctx);
      }),
      after: signInLimitAfter,
    },
    plugins: [adminPlugin(), twoFactor({ issuer: "Pocket Retro" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: { database: Database; auth: Auth } | undefined;

/**
 * The better-auth instance, created on first use: it needs the database, which is opened at
 * start-up (server/startup.ts). A reopened database (tests) gets a fresh instance.
 */
export function getAuth(): Auth {
  const d = database();
  if (current?.database !== d) current = { database: d, auth: createAuth(d) };
  return current.auth;
}
