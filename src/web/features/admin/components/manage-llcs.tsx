import { useRef, useState } from 'react';
import { RecordForm, type FieldSpec, type FormValues } from '../../../components/record-form';
import { addLlc, getLlc, updateLlc } from '../admin-api';
import { date, select, text, type AdminFormProps } from './fields';

/** Manage LLCs (extension): add an LLC, and edit the details its tax report prints. */
const s = (v: FormValues, k: string): string => v[k] ?? '';

const detailFields = (disabled: boolean): FieldSpec[] => [
  date('date_started', 'Date started', { disabled }),
  text('address', 'Address', { wide: true, maxLength: 300, disabled }),
  text('principal_business_activity', 'Principal business activity', { maxLength: 200, disabled }),
  text('principal_product', 'Principal product', { maxLength: 200, disabled }),
  text('business_code_number', 'Business code number', {
    maxLength: 6,
    inputMode: 'numeric',
    disabled,
    hint: 'NAICS code, e.g. 531110 for residential rentals',
  }),
];

const details = (v: FormValues) => ({
  llc_name: s(v, 'llc_name'),
  address: s(v, 'address'),
  date_started: s(v, 'date_started'),
  principal_business_activity: s(v, 'principal_business_activity'),
  principal_product: s(v, 'principal_product'),
  business_code_number: s(v, 'business_code_number').trim(),
});

function EditLlcForm({ helpers }: AdminFormProps) {
  const [loaded, setLoaded] = useState('');
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latest = useRef('');

  const load = (name: string, patch: (v: FormValues) => void) => {
    latest.current = name;
    setLoaded('');
    setLoadError(null);
    patch({ address: '', date_started: '', principal_business_activity: '', principal_product: '', business_code_number: '' });
    if (!name) return;
    setLoading(true);
    getLlc(name).then(
      (llc) => {
        if (latest.current !== name) return;
        patch({
          address: llc.address ?? '',
          date_started: (llc.date_started ?? '').slice(0, 10),
          principal_business_activity: llc.principal_business_activity ?? '',
          principal_product: llc.principal_product ?? '',
          business_code_number: llc.business_code_number ?? '',
        });
        setLoaded(name);
        setLoading(false);
      },
      (err: unknown) => {
        if (latest.current !== name) return;
        const message = err instanceof Error ? err.message : String(err);
        console.error(message);
        setLoadError(`The LLC could not be loaded: ${message}`);
        setLoading(false);
      },
    );
  };

  return (
    <RecordForm
      id="edit-llc"
      submitLabel="Save LLC"
      fields={[
        select('llc_name', 'LLC', helpers.llcs_list, 'Select an LLC', { hint: 'Its details load here for editing.' }),
        ...detailFields(!loaded || loading),
      ]}
      onFieldChange={(name, value, patch) => {
        if (name === 'llc_name') load(value, patch);
      }}
      onSubmit={async (v) => {
        await updateLlc(details(v));
        latest.current = '';
        setLoaded('');
        return 'LLC updated successfully';
      }}
    >
      {(loading || loadError) && (
        <div className="col-12">
          {loading ? (
            <p className="small text-secondary mb-0">Loading...</p>
          ) : (
            <div className="alert alert-warning py-2 mb-0" role="alert">
              {loadError}
            </div>
          )}
        </div>
      )}
    </RecordForm>
  );
}

export function ManageLlcs(props: AdminFormProps) {
  return (
    <>
      <h3 className="h6 text-uppercase text-secondary fw-semibold mt-2 mb-3">Add an LLC</h3>
      <RecordForm
        id="add-llc"
        submitLabel="Add LLC"
        fields={[text('llc_name', 'LLC name', { maxLength: 100 }), ...detailFields(false)]}
        onSubmit={async (v) => {
          await addLlc(details(v));
          return 'New LLC added successfully';
        }}
        onSuccess={props.onChanged}
      />
      <hr className="my-4" />
      <h3 className="h6 text-uppercase text-secondary fw-semibold mb-3">Edit an LLC</h3>
      <EditLlcForm {...props} />
    </>
  );
}
