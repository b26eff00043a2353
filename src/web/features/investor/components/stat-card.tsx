import { useId, type ReactNode } from 'react';

/** A card with a title, one large figure and a one-line grey help text saying what it sums (ui.md). */
export function StatCard({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card investor-card h-100" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">
          {title}
        </h2>
        <p className="investor-figure">{children}</p>
        <p className="investor-help mb-0">{help}</p>
      </div>
    </section>
  );
}
