import { useId, useRef, useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { K1_BATCH_ACCEPT } from '../../../../contract/schemas/k1-batches';
import type { K1BatchResponse } from '../../../../contract/schemas/k1-batches';
import { sizeText } from '../../../../contract/schemas/document-words';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { uploadK1Batch } from './k1-upload-call';

type Values = { files: File[] };

const ACCEPTED = K1_BATCH_ACCEPT.split(',');
const accepted = (file: File) => ACCEPTED.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * The upload of an LLC's K-1s for a year: one zip, or PDFs, chosen or dropped on the zone. Nothing is
 * published yet: the server answers its matches, which the review below shows.
 */
export function K1UploadForm({ llc, year, onUploaded }: { llc: string; year: string; onUploaded: (batch: K1BatchResponse, message: string) => void }) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const form = useForm<Values>({ defaultValues: { files: [] } });
  const { handleSubmit, setValue, setError, clearErrors, watch, formState: { errors, isSubmitting } } = form;
  const files = watch('files');

  const choose = (list: FileList | null) => {
    setFailure(null);
    clearErrors('files');
    setValue('files', list ? [...list] : []);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files);
  };

  const onSubmit = async ({ files: chosen }: Values) => {
    setFailure(null);
    const wrong = chosen.find((f) => !accepted(f));
    if (chosen.length === 0) return setError('files', { message: 'Choose the K-1s: one zip, or PDFs.' });
    if (wrong) return setError('files', { message: `Only PDFs or a zip: “${wrong.name}” is neither.` });
    try {
      const reply = await uploadK1Batch({ llc_name: llc, tax_year: year }, chosen);
      const { message, ...batch } = reply;
      form.reset({ files: [] });
      if (picker.current) picker.current.value = '';
      onUploaded(batch, message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <form className="record-form d-grid gap-3" noValidate aria-label="Upload K-1s" aria-busy={isSubmitting}
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <p className="record-form-intro mb-0">
        The K-1s of {llc} for {year}: one zip of PDFs, or the PDFs themselves. Each is matched to a member by the tax ID in it, else by name. Nothing is shown to members until you publish.
      </p>
      <div className={`k1-drop-zone rounded p-3 text-center${dragging ? ' bg-light' : ''}`}
        style={{ border: `2px dashed var(${dragging ? '--bs-primary' : '--bs-border-color'})` }}
        onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <label htmlFor={`${id}-files`} className="form-label d-block">Drop the files here, or choose them</label>
        <input ref={picker} id={`${id}-files`} type="file" multiple accept={K1_BATCH_ACCEPT}
          className={`form-control${errors.files ? ' is-invalid' : ''}`}
          aria-invalid={errors.files ? true : undefined} aria-describedby={errors.files ? `${id}-files-error` : undefined}
          onChange={(e) => choose(e.target.files)} />
        {files.length > 0 && (
          <p className="small text-secondary mb-0 mt-2 text-break" data-testid="k1-chosen">
            {files.length === 1 ? files[0]!.name : `${files.length} files`} · {sizeText(total)}
          </p>
        )}
        {errors.files && <div id={`${id}-files-error`} className="invalid-feedback d-block">{errors.files.message}</div>}
      </div>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Upload K-1s
        </button>
      </div>
    </form>
  );
}
