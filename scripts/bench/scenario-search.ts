// `npm run bench -- --only search`: picked up by scripts/bench.ts (scenario-* files).
export { benchSearch as run } from "./search";
