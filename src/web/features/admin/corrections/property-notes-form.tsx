import { useMemo, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { RecordForm } from '../../../components/record-form';
import { errorText } from '../../../lib/api-client';
import { useEndpointQuery } from '../../../lib/queries';
import { property, type AdminFormProps } from '../shared/fields';

const INCOMPLETE = 'Please select a property and enter notes.';

/** Update Property Notes: choosing a property loads its notes into the text box (docs/product.md "Screens"). */
export function PropertyNotesForm({ helpers }: AdminFormProps) {
  const [chosen, setChosen] = useState('');
  const { data, error, isFetching } = useEndpointQuery(endpoints.getPropertyNotes, { property_name: chosen }, {
    enabled: chosen !== '',
    meta: { onError: (err) => console.error(errorText(err)) },
  });
  const loaded = useMemo(() => data && { notes: data.notes }, [data]);
  const loading = chosen !== '' && isFetching;

  return (
    <RecordForm id="property-notes" endpoint={endpoints.setPropertyNotes} submitLabel="Save notes"
      incomplete={{ message: INCOMPLETE, alert: true }} loaded={chosen ? loaded : null}
      fields={[
        property(helpers),
        {
          name: 'notes',
          label: 'Notes',
          kind: 'textarea',
          maxLength: 5000,
          disabled: loading,
          hint: loading ? 'Loading...' : 'Shown to the property’s investors in its detail panel.',
        },
      ]}
      onFieldChange={(name, value, set) => {
        if (name !== 'property_name') return;
        set('notes', '');
        setChosen(value);
      }}
      onSuccess={() => setChosen('')}
    >
      {chosen && error && !isFetching && (
        <div className="col-12">
          <div className="alert alert-warning py-2 mb-0" role="alert">
            The notes could not be loaded: {errorText(error)}
          </div>
        </div>
      )}
    </RecordForm>
  );
}
