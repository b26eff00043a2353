import type { ReactNode } from 'react';

type Props = { id: string; title: string; hint?: string; open: boolean; onToggle: () => void; children: ReactNode };

/** A collapsible, optional part of a record form (the land-contract terms of a property). */
export function RecordFormSection({ id, title, hint, open, onToggle, children }: Props) {
  return (
    <div className="col-12">
      <div className="form-section border rounded-3">
        <button type="button" className="btn form-section-toggle w-100 text-start d-flex align-items-center gap-2"
          aria-expanded={open} aria-controls={id} onClick={onToggle}>
          <span className="form-section-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="fw-semibold">{title}</span>
          <span className="small text-secondary">(optional)</span>
        </button>
        <div id={id} className="px-3 pb-3" hidden={!open}>
          {hint && <p className="small text-secondary mb-3">{hint}</p>}
          <div className="row g-3">{children}</div>
        </div>
      </div>
    </div>
  );
}
