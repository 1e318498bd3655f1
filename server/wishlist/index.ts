export { WishlistError, mergeGuestWishlist, readWishlist, removeFromWishlist, saveToWishlist, guestSavedVariantOf, savedVariantColumn, type WishlistChange } from "./wishlist";
