export { WishlistError, mergeGuestWishlist, readWishlist, removeFromWishlist, saveToWishlist, savedVariantOf, type WishlistChange } from "./wishlist";
