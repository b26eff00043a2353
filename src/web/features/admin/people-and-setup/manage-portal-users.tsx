import type { ReactNode } from 'react';
import { DeletePortalUser } from './delete-portal-user';
import type { AdminFormProps } from '../shared/fields';
import { InvestorSecret } from './investor-secret';
import { LoginRecovery } from './login-recovery';
import { LoginSummary } from './login-summary';
import { InvestorAccess } from './investor-access';
import { StaffAccess } from './staff-access';

/**
 * Manage Portal Users (docs/product.md "Screens"): delete an investor's login, issue an investor's login
 * secret, and see who signs in; and get an investor back in after a lost password or phone. Then the staff
 * (invite, change a role, end access) and the investor records a login holds besides its own.
 */
function ActionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card portal-user-card" aria-labelledby={`${id}-title`}>
      <div className="card-body p-3 p-md-4">
        <h3 id={`${id}-title`} className="h6 fw-semibold mb-3">
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}

export function ManagePortalUsers({ helpers }: AdminFormProps) {
  return (
    <div className="d-grid gap-4 report-stack">
      <ActionCard id="delete-portal-user" title="Delete Portal User">
        <DeletePortalUser users={helpers.portal_users_list} />
      </ActionCard>
      <ActionCard id="investor-secret" title="Get Investor Secret">
        <InvestorSecret investors={helpers.investors_list} />
      </ActionCard>
      <ActionCard id="reset-password" title="Lost Password">
        <LoginRecovery users={helpers.portal_users_list} mode="password" />
      </ActionCard>
      <ActionCard id="reset-totp" title="Lost Phone (Two-factor Sign-in)">
        <LoginRecovery users={helpers.portal_users_list} mode="totp" />
      </ActionCard>
      <LoginSummary />
      {/* Issue 29: the back office's own people, and one person's several investor records. */}
      <ActionCard id="staff" title="Staff">
        <StaffAccess llcs={helpers.llcs_list} />
      </ActionCard>
      <ActionCard id="investor-access" title="Investor records of a login">
        <InvestorAccess investors={helpers.investors_list} />
      </ActionCard>
    </div>
  );
}
