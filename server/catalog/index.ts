// The catalog area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { deleteProduct, getProductForEdit, imageOption, listAdminProducts, marketPriceChoices, saveProduct } from "./admin";
export { listBrowsableProducts } from "./browse";
export { bulkProducts } from "./bulk";
export type { BulkProductResult } from "./bulk";
export { customerOnProduct, customerOnProductColumns, productVisitor, type CustomerOnProductRow } from "./product-visitor";
export { MAIN_PRODUCT_SLUG, getPublishedProduct, listAccessoryOffers, listHomeRows, listPublishedCardsBySlug, listPublishedProducts, listRelatedProducts, listReviews } from "./products";
export { closestProductTitle, searchProducts } from "./search";
