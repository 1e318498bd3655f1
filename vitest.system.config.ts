import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * System tests: real app processes on a real PostgreSQL (crash, outage, several instances). They
 * need the production build and TEST_DATABASE_URL; `npm test` runs them after the build.
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "@server": path.resolve(import.meta.dirname, "server"),
      "@core": path.resolve(import.meta.dirname, "core"),
    },
  },
  test: {
    setupFiles: ["tests/setup/console-error.ts"],
    include: ["tests/system/**/*.test.ts"],
    // Timeouts catch a hang, not slowness: beside the end-to-end phase on a slow 2-core machine the
    // export's memory test took 88 s and the admin-password start-up test 81 s.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
