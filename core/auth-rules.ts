/** Account rules and messages shared by the forms (browser) and the server. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again later.";
export const INVALID_ADMIN_LOGIN = "Invalid username or password";
/** Sign-in's lockout message: it says when the window ends. */
export const tooManySignInAttempts = (seconds: number) => `Too many attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
/** The demo admin's password of an embedded start: published in the README, so refused as a new password. */
export const DEMO_ADMIN_PASSWORD = "retro-admin-demo";
