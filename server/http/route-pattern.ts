import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a path is answered by (`/products/:slug`), for metric labels: bounded by the
 * route table, never a raw URL. React Router's own matcher over the build's route manifest, so the
 * label is the route that rendered the page.
 */
let routes: RouteObject[] | undefined;
const known = new Map<string, string>();
/** Patterns remembered per path; a flood of distinct paths empties it rather than growing it. */
const REMEMBERED = 2000;

/** Builds the nested route tree from the build's flat manifest (each route names its parent). */
export function learnRoutes(build: Pick<ServerBuild, "routes">) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: [] }) as RouteObject;
    byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), node]);
  }
  for (const list of byParent.values()) for (const node of list) if (!node.index) node.children = byParent.get(node.id) ?? [];
  routes = byParent.get(undefined) ?? [];
  known.clear();
}

/** Paths the app answers outside React Router (server/app.ts). */
const OWN: [RegExp, string][] = [
  [/^\/media\//, "/media/:key"],
  [/^\/healthz$/, "/healthz"],
  [/^\/readyz$/, "/readyz"],
];

export function routePatternOf(path: string): string {
  const cached = known.get(path);
  if (cached) return cached;
  const own = OWN.find(([re]) => re.test(path))?.[1];
  let pattern = own ?? "unknown";
  if (!own && routes) {
    // A data request (`/products/r36s.data`) is the page's route.
    const matches = matchRoutes(routes, path.replace(/\.data$/, "").replace(/^\/_root$/, "/"));
    const joined = (matches ?? [])
      .map((m) => m.route.path)
      .filter(Boolean)
      .join("/");
    pattern = matches ? `/${joined}`.replace(/\/+/g, "/") : "unmatched";
  }
  if (known.size >= REMEMBERED) known.clear();
  known.set(path, pattern);
  return pattern;
}
