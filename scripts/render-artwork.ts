// Renders the seed's artwork into .cache/artwork (a minute or two the first time on a checkout, a
// moment after that). `npm test` runs it as a phase of its own, so the phases that seed a database
// (integration tests, the end-to-end template) copy the pictures instead of each rendering them.
import { renderSeedArtwork } from "../server/seed";

await renderSeedArtwork();
