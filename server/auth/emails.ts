import { getShopSettings } from "@server/content";
import { sendMail, type Mail } from "@server/mail";

/** The account emails. Links point at our own pages, which call better-auth on the server. */

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A message whose point is one link: intro, the link named by `action`, outro, the shop's name. */
export async function linkMail(to: string, subject: string, intro: string, action: string, url: string, outro: string): Promise<Mail> {
  const { shopName } = await getShopSettings();
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n${shopName}`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(outro)}</p><p>${escapeHtml(shopName)}</p>`;
  return { to, subject: `${subject} - ${shopName}`, text, html };
}

async function sendLinkMail(...args: Parameters<typeof linkMail>) {
  await sendMail(await linkMail(...args));
}

export function sendConfirmationEmail(to: string, url: string) {
  return sendLinkMail(
    to,
    "Confirm your email",
    "Thanks for creating an account. Please confirm your email address to sign in.",
    "Confirm my email",
    url,
    "If you did not create an account, you can ignore this message.",
  );
}

export function sendPasswordResetEmail(to: string, url: string) {
  return sendLinkMail(
    to,
    "Reset your password",
    "We received a request to reset the password of your account. The link works for one hour.",
    "Choose a new password",
    url,
    "If you did not ask for this, you can ignore this message: your password stays the same.",
  );
}

/** Sign-up with an address that already has an account: tell its owner, tell the visitor nothing. */
export function sendExistingAccountEmail(to: string, signInUrl: string) {
  return sendLinkMail(
    to,
    "You already have an account",
    "Someone, probably you, tried to create an account with this email address, which already has one.",
    "Sign in or reset your password",
    signInUrl,
    "If it was not you, you can ignore this message.",
  );
}

/** The account's sign-in lockout has just started (server/auth/sign-in-limits.ts); sent once per lockout. */
export function sendSignInLockedEmail(to: string, resetUrl: string) {
  return sendLinkMail(
    to,
    "Sign-in to your account is paused",
    "Someone entered a wrong password for your account 10 times, so we have paused new sign-ins to it for a while; each further wrong password makes the pause longer, up to an hour. Devices you have signed in with before can still sign in.",
    "If it was not you, choose a new password",
    resetUrl,
    "If it was you, wait a minute and try again, or sign in from a device you have used before.",
  );
}

/** How long the link of an account created with an order works: longer than a reset, it was not asked for just now. */
export const SET_PASSWORD_LINK_DAYS = 7;

/** A guest ticked "Create an account with this order": the account waits for a password. */
export function accountCreatedMail(to: string, url: string, orderNumber: string) {
  return linkMail(
    to,
    "Set up your account",
    `Thank you for your order ${orderNumber}. As you asked at checkout, we have created an account for ${to}, ` +
      `where you can follow your orders and check out faster. Choose a password to start using it. The link works for ${SET_PASSWORD_LINK_DAYS} days.`,
    "Choose my password",
    url,
    "If you did not ask for an account, you can ignore this message: nobody can sign in to it without a password chosen through this link.",
  );
}
