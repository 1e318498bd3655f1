// The cache area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { cachedCatalogRead, catalogChanged, stockMoved } from "./catalog";
