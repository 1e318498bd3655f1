// The staff area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { acceptInvitation, acceptInvitationSchema, findInvitation, inviteSchema, inviteStaff, listPendingInvitations, revokeInvitation } from "./invitations";
export { beforeOwnAccountDeleted, changeStaffRole, deactivateStaff, listStaff, reactivateStaff } from "./members";
export type { StaffMember } from "./members";
export { transferOwnership } from "./ownership";
export { createRole, deleteRole, listRoles, updateRole } from "./roles";
export type { RoleSummary } from "./roles";
