import { useId, type ReactNode } from 'react';
import { ExplainButton } from '../explain/explain-button';
import type { ExplainTarget } from '../explain/explain-figures';

type Props = {
  title: string;
  help: string;
  /** A line under the figure saying more about it (why there is none, what it is made of). */
  note?: string;
  /** The figure's "How is this calculated?". */
  explain?: ExplainTarget;
  children: ReactNode;
};

/** A card with a title, one large figure and a one-line grey help text saying what it sums (docs/product.md "Look and feel"). */
export function StatCard({ title, help, note, explain, children }: Props) {
  const titleId = useId();
  return (
    <section className="card investor-card h-100" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">
          {title}
        </h2>
        <p className="investor-figure">
          {children}
          {explain && <ExplainButton target={explain} />}
        </p>
        {note && <p className="investor-note">{note}</p>}
        <p className="investor-help mb-0">{help}</p>
      </div>
    </section>
  );
}
