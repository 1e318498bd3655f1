// The ops area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { backupDatabase, restoreDatabase } from "./backup";
export { exportToPostgres } from "./export-to-postgres";
