import { useEffect, useState, type ReactNode } from 'react';
import type { CorrectingForm } from '../../../../contract/schemas/corrections';
import { RecordForm, type FieldName, type FieldSpec, type FormEndpoint, type FormSection, type FormValues } from '../../../components/record-form';
import { formOfEndpoint } from './entry-forms';
import { CorrectionBanner, CorrectionReason, EntryReceipt, RecentEntries, useCorrection, useUnusualAmount, type Receipt } from './entry-receipts';
import type { AdminFormProps } from './fields';

type Options = { sections?: readonly FormSection[]; defaults?: FormValues; intro?: ReactNode };

/**
 * An admin panel that is one form over one write of the endpoint table: its id (the prefix of its
 * control ids), its call, its button and its fields (from the helper lists the page passes). A form
 * that records a ledger entry also leaves a receipt after the spec's alert, lists the last entries of its
 * kind, asks "Is this right?" of an unusual amount, and corrects an entry the address names.
 */
export function adminForm<E extends FormEndpoint>(
  id: string,
  endpoint: E,
  submitLabel: string,
  fields: (props: AdminFormProps) => readonly FieldSpec<FieldName<E>>[],
  options: Options = {},
) {
  const form = formOfEndpoint(endpoint);
  function AdminForm(props: AdminFormProps) {
    const all = fields(props);
    if (!form) return <RecordForm id={id} endpoint={endpoint} submitLabel={submitLabel} fields={all} {...options} />;
    return <EntryForm id={id} form={form} endpoint={endpoint} submitLabel={submitLabel} fields={all} options={options} />;
  }
  return AdminForm;
}

type EntryFormProps<E extends FormEndpoint> = {
  id: string;
  form: CorrectingForm;
  endpoint: E;
  submitLabel: string;
  fields: readonly FieldSpec<FieldName<E>>[];
  options: Options;
};

function EntryForm<E extends FormEndpoint>({ id, form, endpoint, submitLabel, fields, options }: EntryFormProps<E>) {
  const correction = useCorrection(form);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const ask = useUnusualAmount(form, correction.entry?.id);
  const correcting = correction.entry?.id;
  useEffect(() => {
    if (correcting !== undefined) setReceipt(null);
  }, [correcting]);

  return (
    <>
      <CorrectionBanner correction={correction} />
      {correction.loading && <p className="small">Loading the entry to correct...</p>}
      <RecordForm key={correction.active ? `correct-${correcting}` : 'new'} id={id} endpoint={endpoint}
        submitLabel={correction.active ? 'Save correction' : submitLabel} fields={fields} {...options}
        loaded={correction.values} send={correction.active ? correction.send : undefined} ask={ask}
        onSuccess={(reply) => {
          const answer = reply as { id: number; voided_id?: number };
          setReceipt({ id: answer.id, voidedId: answer.voided_id });
          if (correction.active) correction.stop();
        }}>
        {correction.active && <CorrectionReason correction={correction} id={id} />}
      </RecordForm>
      {receipt && <EntryReceipt receipt={receipt} onDismiss={() => setReceipt(null)} />}
      <RecentEntries form={form} id={id} />
    </>
  );
}
