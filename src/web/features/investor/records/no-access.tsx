/**
 * A delegate's page when the investor has ended their access (or never gave it for the record named in
 * the address): said plainly, with what to do, instead of an empty page (issue 29).
 */
export function NoAccess({ investorName }: { investorName: string | undefined }) {
  return (
    <main className="container-xl py-4 investor-page">
      <header className="investor-header">
        <h1 className="investor-name">{investorName ?? 'Investment Summary'}</h1>
        <p className="investor-subtitle">No access</p>
      </header>
      <div className="card investor-card">
        <p className="investor-empty py-5 px-3 mb-0" data-testid="no-access">
          {investorName
            ? `You may not read ${investorName}'s page: they have ended your access as their delegate, or never gave it.`
            : "You may not read any investor's page now: the investor who invited you has ended your access as their delegate."}{' '}
          If this is a mistake, ask them to invite you again.
        </p>
      </div>
    </main>
  );
}
