import { useState } from 'react';
import { PropertyTaxSummary } from './property-tax-summary';

/**
 * The Properties list of the LLC tax report (docs/product.md "Screens"): clicking a property shows its summary for
 * the year below the list. Each click mounts the summary afresh, so it scrolls into view again.
 */
type Props = { year: string; properties: readonly string[] };

export function TaxProperties({ year, properties }: Props) {
  const [open, setOpen] = useState<{ property: string; click: number } | null>(null);
  return (
    <>
      <section className="report-section tax-properties" aria-labelledby="llc-tax-properties">
        <h3 id="llc-tax-properties" className="report-section-title">
          Properties
        </h3>
        {properties.length === 0 ? (
          <p className="report-muted mb-0">No properties in {year}.</p>
        ) : (
          <>
            <p className="report-muted small mb-2 d-print-none">Choose a property to see its income and expenses for {year}.</p>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0 tax-property-list">
              {properties.map((p) => (
                <li key={p}>
                  <button type="button" className="btn btn-outline-primary tax-property-button" aria-pressed={open?.property === p}
                    onClick={() => setOpen((o) => ({ property: p, click: (o?.click ?? 0) + 1 }))}>
                    {p}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {open && <PropertyTaxSummary key={open.click} property={open.property} year={year} />}
    </>
  );
}
