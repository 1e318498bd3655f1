/** The promo popup's timing and its memory of a dismissal (shared with the e2e fixtures). */
export const PROMO_DELAY_MS = 1000;
export const PROMO_DISMISS_DAYS = 7;
/** localStorage key holding the time (epoch ms) until which the popup stays hidden. */
export const PROMO_DISMISSED_KEY = "promo-dismissed-until";
