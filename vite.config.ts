import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { REACT_CHUNK } from "./app/lib/scripts-after-paint.ts";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "@server": path.resolve(import.meta.dirname, "server"),
  "@core": path.resolve(import.meta.dirname, "core"),
};

/**
 * With BUNDLE_REPORT=<file>, the client build writes each chunk's modules with their rendered code,
 * so `npm run bench -- --only js` can say what each package costs a page (a bundle visualiser's
 * table, without one more dependency; scripts/bench/bundle.ts).
 */
function moduleSizesReport(file: string | undefined): Plugin | null {
  if (!file) return null;
  return {
    name: "module-sizes-report",
    applyToEnvironment: (env) => env.name === "client",
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, string>> = {};
      for (const out of Object.values(bundle)) {
        if (out.type === "chunk") chunks[out.fileName] = Object.fromEntries(Object.entries(out.modules).map(([id, m]) => [id, m.code ?? ""]));
      }
      fs.writeFileSync(file, JSON.stringify(chunks));
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every script and stylesheet, written once at build
 * time: scripts/serve.mjs sends them as they are instead of compressing each asset per request
 * (brotli takes the product page's JavaScript from 127 KB of gzip to 111 KB).
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    applyToEnvironment: (env) => env.name === "client",
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle).filter((f) => /\.(js|css)$/.test(f))) {
        const full = path.join(options.dir ?? "", file);
        const body = fs.readFileSync(full);
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The server/ boundary's last check (docs/decisions/010-server-boundary.md): the client build fails
 * if any module under server/ reaches it. Lint keeps server/ out of components, app/lib and client
 * modules; route modules may import it because React Router removes their loaders and actions (and
 * the imports only those use) from the browser's copy. A server value used by a route's component
 * would slip past lint, and is stopped here.
 */
function serverStaysOnServer(): Plugin {
  const serverDir = `${alias["@server"]}${path.sep}`;
  return {
    name: "server-stays-on-server",
    applyToEnvironment: (env) => env.name === "client",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        const leaked = Object.keys(out.modules).find((id) => id.startsWith(serverDir));
        if (leaked) this.error(`${path.relative(import.meta.dirname, leaked)} is server-only but reached the client bundle (${out.fileName}): move what the browser needs to app/lib`);
      }
    },
  };
}

/**
 * zod (about 25 KB of gzip) is for forms and the admin: it must not reach the chunks every
 * storefront page loads (the frame, what pages share, the framework). A shared module with a
 * top-level schema pulled it into `shop-shared` once (core/images.ts; now core/alt-text.ts).
 */
function zodStaysOffTheShop(): Plugin {
  return {
    name: "zod-stays-off-the-shop",
    applyToEnvironment: (env) => env.name === "client",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk" || !/^assets\/(shop-frame|shop-shared|framework)-/.test(out.fileName)) continue;
        const zodModule = Object.keys(out.modules).find((id) => /node_modules[\\/]zod[\\/]/.test(id));
        if (zodModule) this.error(`zod reached ${out.fileName}, which every storefront page loads: keep schemas out of modules the shop's components import`);
      }
    },
  };
}

/**
 * The browser gets React Router's production build. Its package exports only the development one
 * (upstream issue 14102), which differs by one flag that keeps its dev warnings (and their strings)
 * in the bundle: 0.6 KB of gzip on every page. Both entries are mapped so the chunks they share stay
 * one copy. `npm run dev` (serve) keeps the warnings; the server keeps the package's own resolution.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
  const entries: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production-build",
    apply: "build",
    applyToEnvironment: (env) => env.name === "client",
    enforce: "pre",
    resolveId(source) {
      const file = entries[source];
      return file ? path.join(dist, file) : null;
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** Whether one of `roots` imports `id`, directly or through other modules, never through a dynamic import. */
function importedFrom(roots: string[], id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  // A route module is also imported under React Router's "?__react-router-build-client-route" id.
  return (graph.getModuleInfo(id)?.importers ?? []).some((i) => roots.includes(i.split("?")[0]) || importedFrom(roots, i, graph, seen));
}

const route = (file: string) => path.join(alias["~"], "routes", "shop", file);

/**
 * Fewer, larger chunks for the storefront. Left to the automatic split, our modules came as about
 * twenty small files on a product page, each with its own gzip overhead and import lines (6 KB of
 * its 23 KB of our code, issue 29). So: what the shop layout imports (header, personal parts, promo:
 * every storefront page loads it) is one chunk, and what the product page shares with other pages
 * (cards, stars, add to cart) another. Route modules and lazily loaded parts keep their own chunks.
 */
function storefrontGroup(name: string, routeFile: string, alsoTake?: RegExp) {
  return (id: string, graph: ModuleGraph) =>
    alsoTake?.test(id) || (!id.includes("node_modules") && !id.includes("?") && importedFrom([route(routeFile)], id, graph)) ? name : null;
}

/**
 * The error page and the boundary that renders it go with the frame: every page loads them (root's
 * and the shop pages' ErrorBoundary) and the frame (root's toasts), so they were a file of 0.7 KB
 * gzip of their own for nothing.
 */
const ERROR_PAGE = /app[\\/]components[\\/](error-boundary|shop[\\/]error-page)\.tsx$/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  // The server build's entry is our Express app, which wraps React Router's request handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // React, React DOM and React Router first, so the storefront groups do not take them in with their modules.
              // React (with React DOM) and React Router are two chunks: a shared page evaluates the first in
              // a task of its own before the rest (app/lib/scripts-after-paint.ts), so neither is one long task.
              groups: [
                { name: REACT_CHUNK, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                { name: "framework", test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
                { name: storefrontGroup("shop-frame", "layout.tsx", ERROR_PAGE), priority: 1 },
                // Only what other pages use too: the product page's own modules stay in its route chunk.
                { name: storefrontGroup("shop-shared", "product.tsx"), minShareCount: 2 },
              ],
            },
          },
        },
      },
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter(), reactRouterProductionBuild(), serverStaysOnServer(), zodStaysOffTheShop(), precompressAssets(), moduleSizesReport(process.env.BUNDLE_REPORT)],
  test: {
    setupFiles: ["tests/setup/console-error.ts"],
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    // Timeouts catch a hang, not slowness: on a loaded 2-core machine a backup round trip took 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Files share a worker's module graph: importing the server once per worker instead of once per
    // file took the PGlite run from 272 s to about 100 s. Each file's useTestDatabase() sets its own
    // configuration and database and resets the event bus and catalogue cache; anything derived from
    // them is keyed on them (auth on the database, the payment provider on the configuration).
    isolate: false,
  },
}));
