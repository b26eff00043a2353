import type { Handlers } from '../../http/handlers.js';
import type { StaffService } from './staff.service.js';

/** Staff logins: invitations, the list, a change of role, the end of access (docs/security.md "Roles"). */
export const staffRoutes = (staff: StaffService) =>
  ({
    inviteStaff: ({ body, write }) => staff.inviteStaff(body, write()),
    staff: () => staff.staff(),
    changeStaffRole: ({ body, write }) => staff.changeStaffRole(body, write()),
    endStaffAccess: ({ body, write }) => staff.endStaffAccess(body, write()),
  }) satisfies Partial<Handlers>;
