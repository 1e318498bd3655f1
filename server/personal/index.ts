// The personal area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { personalAnswer } from "./answer";
