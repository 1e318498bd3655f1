// `npm run db:seed`: inserts whatever demo data is missing (idempotent; also runs at start).
import { seed } from "../server/seed";
import { openConfiguredDatabase } from "./open-db";

const d = await openConfiguredDatabase();
const result = await seed();
console.log(`Seed complete: ${result.products} products.`);
await d.close();
