import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';
import { NoticeSettingsCard } from './notice-settings-card';
import { K1ConsentCard } from './k1-consent-card';
import { BankAccountCard } from './bank-account-card';
import { ApiTokensCard } from './api-tokens-card';
import { endpoints } from '../../../contract/endpoints';
import { DelegatesCard } from '../../components/delegates-card';
import { mayCall, useRole } from '../../lib/role';

/**
 * "/account", reached from the navigation bar's Account link: what a signed-in person runs alone: their
 * password, and two-factor sign-in. Two cards side by side at desktop width,
 * one above the other on a phone.
 */
export function AccountPage() {
  // What the role may not do is not shown (a delegate has no bank details, consent or delegates of their own).
  const role = useRole();
  return (
    <main className="container-xl py-4">
      <h1 className="h3 mb-3">Account</h1>
      <div className="row g-4 align-items-start">
        <div className="col-12 col-lg-6">
          <ChangePasswordCard />
        </div>
        <div className="col-12 col-lg-6">
          <TwoFactorCard />
        </div>
        {mayCall(role, endpoints.noticeSettings) && <div className="col-12 col-lg-6"><NoticeSettingsCard /></div>}
        {mayCall(role, endpoints.k1Consent) && <div className="col-12 col-lg-6"><K1ConsentCard /></div>}
        {mayCall(role, endpoints.bankAccount) && <div className="col-12 col-lg-6"><BankAccountCard /></div>}
        {/* The people an investor lets read their page (an administrator manages them from that investor's page). */}
        {role === 'investor' && <div className="col-12 col-lg-6"><DelegatesCard /></div>}
        {/* Every role: a token carries the login's role, or only reads (docs/security.md "API tokens"). */}
        <div className="col-12 col-lg-6"><ApiTokensCard /></div>
      </div>
    </main>
  );
}
