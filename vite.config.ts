import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "@server": path.resolve(import.meta.dirname, "server"),
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  // The server build's entry is our Express app, which wraps React Router's request handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter()],
  test: {
    setupFiles: ["tests/setup/console-error.ts"],
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
}));
