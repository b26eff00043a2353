import { useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { MAX_UPDATE_ATTACHMENTS, MAX_UPDATE_BODY, MAX_UPDATE_INVESTORS, MAX_UPDATE_TITLE } from '../../../../contract/schemas/updates';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { UpdateTextView } from '../../../lib/update-text-view';
import type { AdminFormProps } from '../shared/fields';
import { AudienceFields, audienceBody, audienceProblem, EVERY_INVESTOR } from '../shared/audience-fields';
import { logFailure } from '../shared/report-state';

const multiple = (select: HTMLSelectElement) => [...select.selectedOptions].map((o) => o.value);

/**
 * The letter form: a title, the text with its simple formatting (previewed as investors will see it), who it
 * is for, and documents of the vault to attach. Posting it tells each reader by e-mail.
 */
export function PostUpdateForm({ helpers, onPosted }: AdminFormProps & { onPosted: () => void }) {
  const id = useId();
  const post = useEndpointMutation(endpoints.postUpdate);
  const { data: vault } = useEndpointQuery(endpoints.adminDocuments, undefined, { meta: logFailure });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState(EVERY_INVESTOR);
  const [documents, setDocuments] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const liveDocuments = (vault?.documents ?? []).filter((d) => !d.withdrawn_at);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    const missing = audienceProblem(audience, 'the update is for');
    if (missing) return setFailure(missing);
    try {
      const reply = await post.mutateAsync({
        body: {
          title, body,
          ...audienceBody(audience),
          ...(documents.length ? { document_ids: documents.map(Number) } : {}),
        },
      });
      setDone(`${reply.message}: “${title}”.`);
      setTitle('');
      setBody('');
      setDocuments([]);
      onPosted();
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="d-grid gap-3" aria-label="Post an update">
      <div>
        <label htmlFor={`${id}-title`} className="form-label">Title<span className="text-danger ms-1" aria-hidden="true">*</span></label>
        <input id={`${id}-title`} name="title" className="form-control" maxLength={MAX_UPDATE_TITLE} required value={title}
          onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="form-label">Text<span className="text-danger ms-1" aria-hidden="true">*</span></label>
        <textarea id={`${id}-body`} name="body" className="form-control" rows={8} maxLength={MAX_UPDATE_BODY} required value={body}
          aria-describedby={`${id}-body-hint`} onChange={(e) => setBody(e.target.value)} />
        <div id={`${id}-body-hint`} className="form-text">
          A blank line starts a paragraph; **bold**, *italic*, and lines starting “- ” make a list. Links show as text.
        </div>
      </div>
      {body.trim() && (
        <section aria-label="Preview" className="border rounded p-2">
          <div className="small text-secondary mb-1">Preview</div>
          <UpdateTextView text={body} />
        </section>
      )}
      <AudienceFields id={id} legend="For" radioName="audience" value={audience} onChange={setAudience} llcs={helpers.llcs_list}
        investors={helpers.investors_list} investorsLabel={`Investors (at most ${MAX_UPDATE_INVESTORS})`} />
      <div>
        <label htmlFor={`${id}-documents`} className="form-label">Attach documents (optional, at most {MAX_UPDATE_ATTACHMENTS})</label>
        <select id={`${id}-documents`} name="document_ids" className="form-select" multiple size={Math.min(6, Math.max(2, liveDocuments.length))}
          value={documents} onChange={(e) => setDocuments(multiple(e.target))}>
          {liveDocuments.map((d) => <option key={d.id} value={String(d.id)}>{d.title}</option>)}
        </select>
        <div className="form-text">An investor sees an attachment only if the document is theirs to open.</div>
      </div>
      <FormError message={failure} />
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      <div>
        <button type="submit" className="btn btn-primary" disabled={post.isPending}>Post update</button>
      </div>
    </form>
  );
}
