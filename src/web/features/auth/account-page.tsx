import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';
import { NoticeSettingsCard } from './notice-settings-card';
import { K1ConsentCard } from './k1-consent-card';
import { BankAccountCard } from './bank-account-card';

/**
 * "/account", reached from the navigation bar's Account link: what a signed-in person runs alone: their
 * password, and two-factor sign-in. Two cards side by side at desktop width,
 * one above the other on a phone.
 */
export function AccountPage() {
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
        <div className="col-12 col-lg-6"><NoticeSettingsCard /></div>
        <div className="col-12 col-lg-6"><K1ConsentCard /></div>
        <div className="col-12 col-lg-6"><BankAccountCard /></div>
      </div>
    </main>
  );
}
