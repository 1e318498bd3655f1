// The marketing area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { checkContactRateLimit, submitContactMessage } from "./contact";
export { checkNewsletterRateLimit, newsletterSchema, subscribe } from "./newsletter";
export { unsubscribeAddress } from "./unsubscribes";
