// The architecture lint (`npm run lint` runs it after ESLint): which code may import which. The area
// map and the reasons are in docs/decisions/017-areas-with-front-doors.md.
//
// server/<area>/ is a domain area: others reach it through its front door (index.ts) or read its
// tables through schema.ts. Infrastructure (db, http, realtime, security and the top-level config,
// log, errors, jobs files) may be used by every area and knows none. Cycles between areas are
// checked by scripts/check-architecture.mjs over this cruise's graph. core/ holds the rules both the
// browser and the server use, and imports neither side.
const INFRA = "^server/(db|http|realtime|security|cache|storage|metrics)/|^server/(config|log|errors|jobs)\\.ts$";
const FRONT_DOOR = "^server/[^/]+/(index|schema)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "area-front-door",
      comment: "Another area's inner file: import its front door (server/<area>/index.ts), or add what you need to it.",
      severity: "error",
      from: { path: "^(server/[^/]+)/" },
      to: { path: "^server/[^/]+/", pathNot: ["^$1/", FRONT_DOOR, INFRA] },
    },
    {
      name: "not-through-own-front-door",
      comment: "Inside an area, import the file itself: going out and back in through index.ts makes a load-order loop.",
      severity: "error",
      from: { path: "^(server/[^/]+)/", pathNot: "^server/[^/]+/index\\.ts$" },
      to: { path: "^$1/index\\.ts$" },
    },
    {
      name: "routes-use-front-doors",
      comment: "A route or component reaches an area through its front door (server/<area>/index.ts).",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/[^/]+/", pathNot: [FRONT_DOOR, INFRA] },
    },
    {
      name: "infrastructure-knows-no-area",
      comment: "db, http, realtime and security serve every area; an area's rule does not belong in them.",
      severity: "error",
      from: { path: "^server/(db|http|realtime|security|cache|storage|metrics)/", pathNot: "^server/db/schema\\.ts$" },
      to: { path: "^server/", pathNot: INFRA },
    },
    {
      name: "server-not-to-app",
      comment: "server/ imports nothing from app/: shared rules and types live in core/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "react-router-only-in-the-http-adapter",
      comment: "Domain code does not know the web framework: answer with a DomainError, server/http turns it into a response.",
      severity: "error",
      from: { path: "^server/", pathNot: "^server/(http/|app\\.ts$)" },
      to: { path: "(^|/)node_modules/(react-router|@react-router/[^/]+)/" },
    },
    {
      name: "core-stays-neutral",
      comment: "core/ is what both sides share: no app/, no server/, no React, no router.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(app|server)/|(^|/)node_modules/(react|react-dom|react-router|@react-router/[^/]+)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    skipAnalysisNotInRules: true,
  },
};
