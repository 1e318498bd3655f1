import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each area owns its tables (server/<area>/schema.ts); server/db/schema.ts only gathers them for the client.
  schema: "./server/!(db)/schema.ts",
  out: "./server/db/migrations",
});
