import { useRef, useState } from 'react';
import { RecordForm, type FormValues } from '../../../components/record-form';
import { getPropertyNotes, setPropertyNotes } from '../admin-api';
import { select, type AdminFormProps } from './fields';

const INCOMPLETE = 'Please select a property and enter notes.';

/** Update Property Notes: choosing a property loads its notes into the text box (portal-spec §2, §5). */
export function PropertyNotesForm({ helpers }: AdminFormProps) {
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latest = useRef('');

  const load = (property: string, patch: (v: FormValues) => void) => {
    latest.current = property;
    setLoadError(null);
    patch({ notes: '' });
    if (!property) return;
    setLoading(true);
    getPropertyNotes(property).then(
      ({ notes }) => {
        if (latest.current !== property) return;
        patch({ notes: notes ?? '' });
        setLoading(false);
      },
      (err: unknown) => {
        if (latest.current !== property) return;
        const message = err instanceof Error ? err.message : String(err);
        console.error(message);
        setLoadError(`The notes could not be loaded: ${message}`);
        setLoading(false);
      },
    );
  };

  return (
    <RecordForm
      id="property-notes"
      submitLabel="Save notes"
      incomplete={{ message: INCOMPLETE, alert: true }}
      fields={[
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        {
          name: 'notes',
          label: 'Notes',
          kind: 'textarea',
          required: true,
          maxLength: 5000,
          disabled: loading,
          hint: loading ? 'Loading...' : 'Shown to the property’s investors in its detail panel.',
        },
      ]}
      onFieldChange={(name, value, patch) => {
        if (name === 'property_name') load(value, patch);
      }}
      onSubmit={async (v) => {
        await setPropertyNotes({ property_name: v.property_name ?? '', notes: v.notes ?? '' });
        latest.current = '';
        return 'Notes updated successfully!';
      }}
    >
      {loadError && (
        <div className="col-12">
          <div className="alert alert-warning py-2 mb-0" role="alert">
            {loadError}
          </div>
        </div>
      )}
    </RecordForm>
  );
}
