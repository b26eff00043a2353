import { useMemo, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { RecordForm, type FieldSpec } from '../../../components/record-form';
import { errorText } from '../../../lib/api-client';
import { useEndpointQuery } from '../../../lib/queries';
import { AchSettingsCard } from './ach-settings-card';
import { ExistingNames } from './existing-names';
import { date, llc, text, type AdminFormProps } from '../shared/fields';

/**
 * Manage LLCs (extension): add an LLC, and edit the details its tax report prints; the LLCs in the books
 * are listed beside. Save acts only once an LLC is chosen and its details have loaded.
 */
type DetailName = 'date_started' | 'address' | 'principal_business_activity' | 'principal_product' | 'business_code_number';

const detailFields = (disabled: boolean): FieldSpec<DetailName>[] => [
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
const NO_DETAILS: Record<DetailName, string> = {
  address: '', date_started: '', principal_business_activity: '', principal_product: '', business_code_number: '',
};

function EditLlcForm({ helpers }: AdminFormProps) {
  const [chosen, setChosen] = useState('');
  const { data, error, isFetching } = useEndpointQuery(endpoints.getLlc, { llc_name: chosen }, {
    enabled: chosen !== '',
    meta: { onError: (err) => console.error(errorText(err)) },
  });
  // The chosen LLC's details fill the fields once they arrive.
  const loaded = useMemo(
    () => data && { ...NO_DETAILS, ...data, date_started: data.date_started.slice(0, 10) },
    [data],
  );
  const ready = chosen !== '' && loaded !== undefined && !isFetching;

  return (
    <RecordForm id="edit-llc" endpoint={endpoints.updateLlc} submitLabel="Save LLC" loaded={chosen ? loaded : null}
      canSubmit={() => ready}
      fields={[llc(helpers, 'llc_name', { hint: 'Its details load here for editing.' }), ...detailFields(!ready)]}
      onFieldChange={(name, value, set) => {
        if (name !== 'llc_name') return;
        for (const [field, empty] of Object.entries(NO_DETAILS)) set(field, empty);
        setChosen(value);
      }}
      onSuccess={() => setChosen('')}
    >
      {chosen && (isFetching || error) && (
        <div className="col-12">
          {isFetching ? (
            <p className="small text-secondary mb-0">Loading...</p>
          ) : (
            <div className="alert alert-warning py-2 mb-0" role="alert">
              The LLC could not be loaded: {errorText(error)}
            </div>
          )}
        </div>
      )}
    </RecordForm>
  );
}

export function ManageLlcs(props: AdminFormProps) {
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-4 order-lg-last">
        <ExistingNames title="LLCs in the books" names={props.helpers.llcs_list} noun={['LLC', 'LLCs']} empty="No LLCs yet." />
      </div>
      <div className="col-12 col-lg-8">
        <h3 className="admin-subtitle mb-3">Add an LLC</h3>
        <RecordForm id="add-llc" endpoint={endpoints.addLlc} submitLabel="Add LLC"
          fields={[text('llc_name', 'LLC name', { maxLength: 100 }), ...detailFields(false)]} />
        <hr className="my-4" />
        <h3 className="admin-subtitle mb-3">Edit an LLC</h3>
        <EditLlcForm {...props} />
        <hr className="my-4" />
        <AchSettingsCard />
      </div>
    </div>
  );
}
