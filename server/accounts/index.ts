// The accounts area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { addAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from "./address";
export { afterOrderPaid } from "./after-payment";
export { deleteAccount } from "./delete-account";
export { changePassword } from "./password";
export { handleTwoFactorForm } from "./two-factor";
