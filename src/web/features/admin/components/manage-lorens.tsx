import { endpoints } from '../../../../contract/endpoints';
import { RecordForm } from '../../../components/record-form';
import { text, type AdminFormProps } from './fields';

/** Manage Lorens (extension): add a loren; the ones in the books are listed beside the form. */
export function ManageLorens({ helpers }: AdminFormProps) {
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <RecordForm id="add-loren" endpoint={endpoints.addLoren} submitLabel="Add loren"
          fields={[text('loren_name', 'Loren name', { wide: true, maxLength: 100 })]} />
      </div>
      <div className="col-12 col-lg-5">
        <h3 className="h6 text-uppercase text-secondary fw-semibold mb-2" id="loren-list-title">
          Existing lorens
        </h3>
        {helpers.loren_list.length === 0 ? (
          <p className="text-secondary mb-0">No lorens yet.</p>
        ) : (
          <ul className="list-group list-group-flush border rounded-3 scroll-list" aria-labelledby="loren-list-title">
            {helpers.loren_list.map((name) => (
              <li key={name} className="list-group-item">
                {name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
