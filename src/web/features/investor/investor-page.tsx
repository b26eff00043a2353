import { useParams } from 'react-router';

/** /investor and /investor/{investor_name}: the investor's summary (figures arrive with their issue). */
export function InvestorPage() {
  const { investorName } = useParams();
  return (
    <main className="container-xl py-4">
      <header className="mb-4">
        {investorName && <h1 className="h3 mb-1">{investorName}</h1>}
        <p className="text-secondary mb-0">Investment Summary</p>
      </header>
    </main>
  );
}
