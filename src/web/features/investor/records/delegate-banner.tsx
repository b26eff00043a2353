import type { MyRecord } from './use-my-records';

/** "figures and documents", "figures", "documents": what the investor lets their delegate read. */
const grantedText = (r: MyRecord) =>
  r.can_see_figures && r.can_see_documents ? 'figures and documents' : r.can_see_figures ? 'figures' : 'documents';

/**
 * What a delegate reads at the top of the page: whose figures these are and that they read them for
 * someone else, so nobody mistakes another person's page for their own (issue 29).
 */
export function DelegateBanner({ record }: { record: MyRecord }) {
  return (
    <aside className="viewing-as" aria-label="Delegate view">
      <div className="container-xl">
        <p className="mb-0" data-testid="delegate-banner">
          You are reading <strong className="viewing-as-name">{record.investor_name}</strong>{`'s ${grantedText(record)} as their delegate.`}
          <span className="viewing-as-note"> You can read, not change anything.</span>
        </p>
      </div>
    </aside>
  );
}
