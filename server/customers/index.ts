// The customers area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { getCustomer, listCustomers } from "./admin";
export { customerCsvChunks } from "./export";
