import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BANK_FILE_ACCEPT } from '../../../../contract/schemas/bank-import';
import { sizeText } from '../../../../contract/schemas/document-words';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { previewStatement, type PreviewReply } from './bank-import-call';

type Values = { file: File | null };

const ACCEPTED = BANK_FILE_ACCEPT.split(',');
const accepted = (file: File) => ACCEPTED.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * The statement's upload: one CSV, OFX or QFX file of the chosen LLC (and bank account). Nothing is
 * recorded: the server answers each line with what it would record, which the preview below shows.
 */
export function StatementUpload({ llc, account, onRead }: { llc: string; account: string; onRead: (reply: PreviewReply, file: File) => void }) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { handleSubmit, setValue, setError, clearErrors, watch, reset, formState: { errors, isSubmitting } } = useForm<Values>({ defaultValues: { file: null } });
  const file = watch('file');

  const onSubmit = async ({ file: chosen }: Values) => {
    setFailure(null);
    if (!chosen) return setError('file', { message: 'Choose the statement: a CSV, OFX or QFX file from the bank.' });
    if (!accepted(chosen)) return setError('file', { message: `Only a CSV, OFX or QFX file: “${chosen.name}” is none of them.` });
    try {
      const reply = await previewStatement({ llc_name: llc, bank_account: account }, chosen);
      reset({ file: null });
      if (picker.current) picker.current.value = '';
      onRead(reply, chosen);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <form className="record-form d-grid gap-3" noValidate aria-label="Upload a statement" aria-busy={isSubmitting}
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <p className="record-form-intro mb-0">
        A statement of {llc}{account ? ` (${account})` : ''} as the bank gives it: CSV, OFX or QFX. Nothing is recorded until you check the lines and record them.
      </p>
      <div>
        <label htmlFor={`${id}-file`} className="form-label">Statement file</label>
        <input ref={picker} id={`${id}-file`} type="file" accept={BANK_FILE_ACCEPT}
          className={`form-control${errors.file ? ' is-invalid' : ''}`}
          aria-invalid={errors.file ? true : undefined} aria-describedby={errors.file ? `${id}-file-error` : undefined}
          onChange={(e) => { setFailure(null); clearErrors('file'); setValue('file', e.target.files?.[0] ?? null); }} />
        {file && <p className="small text-secondary mb-0 mt-1 text-break">{file.name} · {sizeText(file.size)}</p>}
        {errors.file && <div id={`${id}-file-error`} className="invalid-feedback d-block">{errors.file.message}</div>}
      </div>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Read the statement
        </button>
      </div>
    </form>
  );
}
