import type { createAuthMiddleware } from "better-auth/api";

/** The context better-auth gives a hook (path, body, headers, cookies, its own context). */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
