// `npm run bench -- --only orders`: picked up by scripts/bench.ts (scenario-* files).
export { benchOrders as run } from "./orders";
