// The ai area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { aiRequestSchema, personalKeySchema, serverKeys, writeArticle } from "./writer";
