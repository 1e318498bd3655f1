// The demo data's front door: the seed (start-up and `npm run seed`), its artwork, and the one-off tools.
export { artworkFor, artworkName, receiveSeedStock, renderSeedArtwork, seed } from "./seed";
export { seedProducts } from "./products";
export { seedAccessories } from "./accessories";

// The demo data's one-off tools (the spec's /admin/insert-marvel-post and /admin/update-r36s).
export { insertSampleArticle } from "./sample-article";
export { resetMainProductMedia } from "./reset-main-product";
