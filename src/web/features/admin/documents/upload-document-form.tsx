import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { endpoints } from '../../../../contract/endpoints';
import { DOCUMENT_ACCEPT, DOCUMENT_KIND_WORDS, DOCUMENT_KINDS, UploadDocumentFields } from '../../../../contract/schemas/documents';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import type { AdminFormProps } from '../shared/fields';
import { upload } from './upload-call';

type Audience = 'everyone' | 'llc' | 'investor';
type Values = { title: string; kind: string; tax_year: string; audience: Audience; llc_name: string; investor_name: string; file: FileList | null };

const LABELS: Partial<Record<keyof Values, string>> = { title: 'Title', kind: 'Kind', tax_year: 'Tax year' };
/** A schema's fragment ("is required") as the sentence the server would say ("Title is required."). */
const sentence = (name: keyof Values, message: string) =>
  /^[A-Z]/.test(message) ? message : `${LABELS[name] ?? 'This field'} ${message}${/[.!?]$/.test(message) ? '' : '.'}`;

const EMPTY: Values = { title: '', kind: '', tax_year: '', audience: 'everyone', llc_name: '', investor_name: '', file: null };

/** Refreshes the lists a change of the vault shows: the admin's and the investors'. */
export function useVaultRefresh() {
  const client = useQueryClient();
  return () => Promise.all([endpoints.adminDocuments.path, endpoints.documents.path].map((path) => client.invalidateQueries({ queryKey: [path] })));
}

/**
 * The upload form: title, kind, tax year, who it is for and the file. The fields are checked by the
 * upload's own schema before anything is sent; the server checks the file by its content and answers any
 * refusal in words shown under the form.
 */
export function UploadDocumentForm({ helpers }: AdminFormProps) {
  const id = useId();
  const refresh = useVaultRefresh();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: EMPTY });
  const { register, handleSubmit, watch, formState: { errors, isSubmitting } } = form;
  const audience = watch('audience');

  const onSubmit = async (values: Values) => {
    setError(null);
    setDone(null);
    const fields = {
      title: values.title, kind: values.kind, tax_year: values.tax_year,
      ...(values.audience === 'llc' ? { llc_name: values.llc_name } : {}),
      ...(values.audience === 'investor' ? { investor_name: values.investor_name } : {}),
    };
    const checked = UploadDocumentFields.safeParse(fields);
    const file = values.file?.[0];
    const problems: [keyof Values, string][] = checked.success ? [] : checked.error.issues.map((i) => [String(i.path[0] ?? 'title') as keyof Values, i.message]);
    if (values.audience === 'llc' && !values.llc_name) problems.push(['llc_name', 'Choose the LLC.']);
    if (values.audience === 'investor' && !values.investor_name) problems.push(['investor_name', 'Choose the investor.']);
    if (!file) problems.push(['file', 'Choose the file to upload.']);
    if (problems.length || !file) {
      for (const [name, message] of problems) form.setError(name, { message: sentence(name, message) });
      setError('Please correct the fields marked below.');
      return;
    }
    try {
      // The schema accepted this very text just above; the server parses it again.
      const reply = await upload(endpoints.uploadDocument, fields as z.input<typeof UploadDocumentFields>, file);
      setDone(`${reply.message}: "${values.title.trim()}" (${file.name}).`);
      form.reset(EMPTY);
      await refresh();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const invalid = (name: keyof Values) => (errors[name] ? ' is-invalid' : '');
  const feedback = (name: keyof Values) =>
    errors[name] && <div id={`${id}-${name}-error`} className="invalid-feedback d-block">{errors[name]?.message}</div>;
  const described = (name: keyof Values) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <form id="upload-document" className="record-form" noValidate aria-busy={isSubmitting} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <p className="record-form-intro mb-2">
        A PDF, picture, Word or Excel file, or a text or CSV file, of at most 25 MB. Investors see it on their page and can download it.
      </p>
      <div className="row g-3">
        <div className="col-12">
          <label htmlFor={`${id}-title`} className="form-label">Title<span className="text-danger ms-1" aria-hidden="true">*</span></label>
          <input id={`${id}-title`} type="text" className={`form-control${invalid('title')}`} maxLength={200} {...described('title')} {...register('title')} />
          {feedback('title')}
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor={`${id}-kind`} className="form-label">Kind<span className="text-danger ms-1" aria-hidden="true">*</span></label>
          <select id={`${id}-kind`} className={`form-select${invalid('kind')}`} {...described('kind')} {...register('kind')}>
            <option value="">Choose…</option>
            {DOCUMENT_KINDS.map((k) => <option key={k} value={k}>{DOCUMENT_KIND_WORDS[k]}</option>)}
          </select>
          {feedback('kind')}
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor={`${id}-year`} className="form-label">Tax year</label>
          <input id={`${id}-year`} type="text" inputMode="numeric" maxLength={4} placeholder="e.g. 2024" className={`form-control${invalid('tax_year')}`}
            {...described('tax_year')} {...register('tax_year')} />
          {feedback('tax_year')}
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor={`${id}-audience`} className="form-label">For</label>
          <select id={`${id}-audience`} className="form-select" {...register('audience')}>
            <option value="everyone">Every investor</option>
            <option value="llc">The members of an LLC</option>
            <option value="investor">One investor</option>
          </select>
        </div>
        {audience === 'llc' && (
          <div className="col-12 col-md-6">
            <label htmlFor={`${id}-llc`} className="form-label">LLC<span className="text-danger ms-1" aria-hidden="true">*</span></label>
            <select id={`${id}-llc`} className={`form-select${invalid('llc_name')}`} {...described('llc_name')} {...register('llc_name')}>
              <option value="">Choose…</option>
              {helpers.llcs_list.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
            {feedback('llc_name')}
          </div>
        )}
        {audience === 'investor' && (
          <div className="col-12 col-md-6">
            <label htmlFor={`${id}-investor`} className="form-label">Investor<span className="text-danger ms-1" aria-hidden="true">*</span></label>
            <select id={`${id}-investor`} className={`form-select${invalid('investor_name')}`} {...described('investor_name')} {...register('investor_name')}>
              <option value="">Choose…</option>
              {helpers.investors_list.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
            {feedback('investor_name')}
          </div>
        )}
        <div className="col-12">
          <label htmlFor={`${id}-file`} className="form-label">File<span className="text-danger ms-1" aria-hidden="true">*</span></label>
          <input id={`${id}-file`} type="file" accept={DOCUMENT_ACCEPT} className={`form-control${invalid('file')}`} {...described('file')} {...register('file')} />
          {feedback('file')}
        </div>
        <div className="col-12">
          <FormError message={error} />
          {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
        </div>
        <div className="col-12 pt-1">
          <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Upload document
          </button>
        </div>
      </div>
    </form>
  );
}
