import { useId, useMemo, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { RecordForm, type FieldSpec, type FormValues } from '../../../components/record-form';
import { formatDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { text } from '../shared/fields';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

type AchField = 'company_name' | 'company_id' | 'originating_routing' | 'destination_routing' | 'destination_name' | 'origin_name';
const NAMES: readonly AchField[] = ['company_name', 'company_id', 'originating_routing', 'destination_routing', 'destination_name', 'origin_name'];

const FIELDS: readonly FieldSpec<AchField>[] = [
  text('company_name', 'Company name', { maxLength: 16, hint: 'As the payees\' banks show it: at most 16 characters.' }),
  text('company_id', 'Company ID', { maxLength: 11, autoComplete: 'off', hint: 'Ten characters from your bank, often 1 and the EIN.' }),
  text('originating_routing', 'Originating routing number', { maxLength: 11, inputMode: 'numeric', autoComplete: 'off', hint: 'Your bank, which sends the payments.' }),
  text('destination_routing', 'Destination routing number', { maxLength: 11, inputMode: 'numeric', autoComplete: 'off', hint: 'The bank you upload the file to; often the same.' }),
  text('destination_name', 'Destination bank name', { maxLength: 23, hint: 'At most 23 characters.' }),
  text('origin_name', 'Origin name', { maxLength: 23, hint: 'Your company as the file names it: at most 23 characters.' }),
];

const valuesOf = (source: Partial<Record<AchField, string | null>>): FormValues =>
  Object.fromEntries(NAMES.map((n) => [n, source[n] ?? '']));

/**
 * "ACH details for distribution payments": who sends the NACHA file of a distribution run and to which
 * bank. Without them a run cannot make its file, so the card says so until they are saved.
 */
export function AchSettingsCard() {
  const id = useId();
  const { data, error } = useEndpointQuery(endpoints.achSettings, undefined, { meta: logFailure });
  // A save answers the details as saved: they stay in the fields (the form empties itself after a save).
  const [saved, setSaved] = useState<FormValues | null>(null);
  const loaded = useMemo(() => saved ?? (data ? valuesOf(data) : null), [saved, data]);

  return (
    <section aria-labelledby={`${id}-title`} className="d-grid gap-3" data-testid="ach-settings-card">
      <h3 id={`${id}-title`} className="admin-subtitle mb-0">ACH details for distribution payments</h3>
      {error ? <ReportFailure what="The ACH details" error={error} /> : !data ? <ReportLoading /> : (
        <p className="small mb-0 text-secondary">
          {data.updated_at
            ? `A distribution run's NACHA file carries these details. Last changed ${formatDateTime(data.updated_at)}.`
            : 'Not set yet: a distribution run cannot make its NACHA file until these are saved.'}
        </p>
      )}
      <RecordForm id="ach-settings" endpoint={endpoints.changeAchSettings} submitLabel="Save ACH details" fields={FIELDS}
        loaded={loaded} canSubmit={() => data !== undefined}
        onSuccess={(reply) => setSaved(valuesOf(reply))} />
    </section>
  );
}
