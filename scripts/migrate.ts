// `npm run db:migrate`: applies pending migrations (the server also does it at start).
import { openConfiguredDatabase } from "./open-db";

const d = await openConfiguredDatabase();
console.log(`Migrations applied (${d.kind}).`);
await d.close();
