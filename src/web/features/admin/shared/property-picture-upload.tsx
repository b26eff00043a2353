import { useId, useRef, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import type { AdminFormProps } from './fields';
import { NameSelect } from './name-select';
import { PICTURE_TYPES, pictureProblem, readAsDataUrl } from './picture-file';
import { PictureAddress } from './picture-address';

type Picked = { name: string; dataUrl: string };

/**
 * Property picture: an admin picks a JPEG, PNG or WebP of at most 2 MB, sees it, and
 * uploads it to the portal, which keeps it and serves it from its own origin. Given a property, the
 * picture becomes that property's at once; otherwise the answer is the address to paste into a form's
 * Picture URL field.
 */
export function PropertyPictureUpload({ helpers }: Pick<AdminFormProps, 'helpers'>) {
  const id = useId();
  const upload = useEndpointMutation(endpoints.uploadPicture);
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [property, setProperty] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ url: string; property: string } | null>(null);

  const pick = async (file: File | undefined) => {
    setPicked(null);
    setProblem(null);
    setDone(null);
    if (!file) return;
    const wrong = pictureProblem(file);
    if (wrong) return setProblem(wrong);
    try {
      setPicked({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch (err) {
      setProblem(`The file could not be read: ${errorText(err)}`);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return setProblem('Choose a picture first.');
    setProblem(null);
    try {
      const body = property ? { data: picked.dataUrl, property_name: property } : { data: picked.dataUrl };
      const answer = await upload.mutateAsync({ body });
      setDone({ url: answer.picture_url, property });
      setPicked(null);
      setProperty('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  const shown = picked?.dataUrl ?? done?.url;
  return (
    <form id="property-picture" className="row g-3 g-md-4" onSubmit={submit} aria-busy={upload.isPending} noValidate>
      <div className="col-12 col-md-7 d-grid gap-3 align-content-start">
        <div>
          <label htmlFor={`${id}-file`} className="form-label">Picture file</label>
          <input ref={fileInput} id={`${id}-file`} type="file" className="form-control" accept={PICTURE_TYPES.join(',')}
            aria-describedby={`${id}-file-hint`} onChange={(e) => void pick(e.target.files?.[0])} />
          <p id={`${id}-file-hint`} className="form-text mb-0">JPEG, PNG or WebP, at most 2 MB.</p>
        </div>
        <div>
          <NameSelect id={`${id}-property`} label="Use it for (optional)" placeholder="No property: give me its address"
            options={helpers.properties} value={property} onChange={setProperty} />
          <p className="form-text mb-0">
            Choose a property to show the picture there at once, or leave it empty and paste the address you get
            into a form&apos;s Picture URL.
          </p>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={!picked || upload.isPending}>
            {upload.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Upload picture
          </button>
        </div>
        <FormError message={problem} />
        {done && <PictureAddress url={done.url} property={done.property} />}
      </div>
      <div className="col-12 col-md-5">
        <div className="picture-preview">
          {shown ? (
            <img src={shown} alt={picked ? `Preview of ${picked.name}` : 'The uploaded picture'} width={200} height={200} />
          ) : (
            <span className="picture-preview-empty">No picture chosen</span>
          )}
        </div>
      </div>
    </form>
  );
}
