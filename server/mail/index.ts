// The mail area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { getOutboxMessage, listOutbox, mailIsKept, outboxBacklog } from "./outbox";
export { deliverQueued, queueMail, sendMail, startMailDelivery } from "./send";
export type { Mail } from "./send";
