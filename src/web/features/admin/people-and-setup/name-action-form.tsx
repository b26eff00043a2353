import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../../components/form-error';
import { NameSelect } from '../shared/name-select';

/**
 * A form of one name and one button (Delete Portal User, Get Investor Secret): the selector, the button
 * beside it at desktop width, a line saying what the button does, a refusal in plain words, and what the
 * button produced (children) underneath. Without a name chosen the submit sends nothing (docs/product.md "Screens").
 */
type Props = {
  id: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Called on submit once a name is chosen; without one nothing is sent and `missing` is shown instead. */
  onSubmit: () => void;
  missing: string;
  onError: (message: string | null) => void;
  submitLabel: string;
  /** 'btn-primary', or 'btn-outline-danger' for a delete. */
  submitClass: string;
  /** The request is in flight: the controls wait. */
  busy: boolean;
  hint: string;
  error: string | null;
  children?: ReactNode;
};

export function NameActionForm(p: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.value) {
      console.log(p.missing);
      p.onError(p.missing);
      return;
    }
    p.onError(null);
    p.onSubmit();
  };
  return (
    <form id={p.id} onSubmit={submit} noValidate aria-busy={p.busy}>
      <div className="row g-3 align-items-end">
        <div className="col-12 col-md-7">
          <NameSelect id={`${p.id}-name`} label={p.label} placeholder={p.placeholder} options={p.options} value={p.value}
            onChange={p.onChange} disabled={p.busy} />
        </div>
        <div className="col-12 col-md-auto">
          <button type="submit" className={`btn ${p.submitClass} w-100 px-4`} disabled={p.busy}>
            {p.busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {p.submitLabel}
          </button>
        </div>
        <div className="col-12">
          <p className="form-text mt-0 mb-0">{p.hint}</p>
        </div>
        {p.error && (
          <div className="col-12">
            <FormError message={p.error} />
          </div>
        )}
        {p.children && <div className="col-12">{p.children}</div>}
      </div>
    </form>
  );
}
