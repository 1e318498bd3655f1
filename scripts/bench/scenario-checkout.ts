// `npm run bench -- --only checkout`: picked up by scripts/bench.ts (scenario-* files).
export { benchCheckout as run } from "./checkout";
