import { useState } from 'react';
import { endpoints } from '../../../contract/endpoints';
import type { NoticeEvent } from '../../../contract/schemas/notices';
import { FormError } from '../../components/form-error';
import { errorText } from '../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../lib/queries';

/**
 * The Account page's e-mail notices card (its anchor #notices is where a notice's List-Unsubscribe
 * link leads): each event on or off, saved as it is switched; security notices are shown always on.
 */
export function NoticeSettingsCard() {
  const settings = useEndpointQuery(endpoints.noticeSettings, undefined, { meta: { onError: (err) => console.error(errorText(err)) } });
  const change = useEndpointMutation(endpoints.changeNoticeSettings);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const toggle = async (event: NoticeEvent, enabled: boolean) => {
    setError(null);
    setSaved(null);
    try {
      await change.mutateAsync({ body: { settings: [{ event, enabled }] } });
      setSaved(endpoints.changeNoticeSettings.message);
      await settings.refetch();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const data = settings.data;
  return (
    <section id="notices" className="card shadow-sm account-card" aria-labelledby="notices-title">
      <div className="card-body d-grid gap-3">
        <h2 id="notices-title" className="h5 mb-0">E-mail notices</h2>
        {settings.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {settings.error && <FormError message={`Your notice settings could not be loaded: ${errorText(settings.error)}`} />}
        {data && (
          <p className="mb-0" data-testid="notice-address">
            {data.address
              ? <>Notices go to <strong className="text-break">{data.address}</strong>. They say what is new and link here: never an amount.</>
              : 'This account has no e-mail address, so no notices are sent. Ask the manager to add one.'}
          </p>
        )}
        {data && (
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {data.settings.map((s) => (
              <li key={s.event} className="form-check form-switch">
                <input id={`notice-${s.event}`} type="checkbox" role="switch" className="form-check-input" checked={s.enabled}
                  disabled={s.always_on || change.isPending} onChange={(e) => void toggle(s.event, e.target.checked)}
                  aria-describedby={s.always_on ? `notice-${s.event}-always` : undefined} />
                <label htmlFor={`notice-${s.event}`} className="form-check-label">{s.label}</label>
                {s.always_on && (
                  <span id={`notice-${s.event}-always`} className="badge rounded-pill text-bg-light border ms-2">Always on (security)</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {saved && <div className="alert alert-success mb-0 py-2" role="status">{saved}</div>}
        <FormError message={error} />
      </div>
    </section>
  );
}
