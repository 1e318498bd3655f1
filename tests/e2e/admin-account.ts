/**
 * The first admin of the e2e server, created at its start from ADMIN_EMAIL/ADMIN_PASSWORD
 * (playwright.config.ts): a production start never falls back to the published demo password.
 */
export const ADMIN = { email: "admin@pocketretro.example", password: "e2e-admin-password-42" };
