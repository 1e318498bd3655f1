// The auth area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { adminCredentialsSchema, createAdmin, ensureFirstAdmin } from "./admins";
export { afterSignIn } from "./after-sign-in";
export { getAuth } from "./auth";
export { callAuth, cookieHeaders } from "./call";
export { confirmEmail, hasTwoFactorChallenge, requestPasswordReset, resendConfirmation, resetPassword, signUp, verifySecondFactor } from "./customer";
export { SET_PASSWORD_LINK_DAYS, accountCreatedMail, linkMail } from "./emails";
export { ADMIN_PROFILE_PATH, adminHeaders, requireAdmin, requirePermission, requireUser, safeRedirectPath, twoFactorRequired } from "./guards";
export type { SessionUser, StaffUser } from "./guards";
export { isCustomerUser, isStaffUser, permissionsOf, roleOfUser } from "./roles";
export { getSessionUser, sessionTokenOf, signedInUser } from "./session";
export { signInAdmin, signInWithPassword } from "./sign-in";
export { signOut } from "./sign-out";
export { WrongPasswordError, passwordMatches } from "./password-check";
export { banUser, clearMustChangePassword, createPasswordlessUser, createStaffUser, deleteUser, setUserRole, unbanUser } from "./users";
