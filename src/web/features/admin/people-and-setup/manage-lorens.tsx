import { endpoints } from '../../../../contract/endpoints';
import { RecordForm } from '../../../components/record-form';
import { ExistingNames } from './existing-names';
import { TERMS, text, type AdminFormProps } from '../shared/fields';

/** Manage Lorens (extension): add a loren; the ones in the books are listed beside the form. */
export function ManageLorens({ helpers }: AdminFormProps) {
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-5 order-lg-last">
        <ExistingNames title="Lorens in the books" names={helpers.loren_list} noun={['loren', 'lorens']} empty="No lorens yet." />
      </div>
      <div className="col-12 col-lg-7">
        <RecordForm id="add-loren" endpoint={endpoints.addLoren} submitLabel="Add loren" intro={TERMS.loren}
          canSubmit={(v) => (v.loren_name ?? '').trim() !== ''}
          fields={[text('loren_name', 'Loren name', { wide: true, maxLength: 100 })]} />
      </div>
    </div>
  );
}
