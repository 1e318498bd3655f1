// The content area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { POLICY_SLUGS, loadFaq, loadPolicy, searchFaq } from "./pages";
export { sanitizeRichText } from "./sanitize";
export { DEFAULT_SETTINGS, HOME_HERO_SETTING, getHomeHeroImage, getShopSettings, printedShopDetails, saveStoreDetails } from "./settings";
export { sitemapEntries } from "./sitemap";
