// The admin area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { dashboardStats, periodStart } from "./dashboard";
export type { Trend } from "./dashboard";
export { salesReport } from "./sales";
