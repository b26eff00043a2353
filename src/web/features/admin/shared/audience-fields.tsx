/** Whom a letter or a payout is for: every investor, an LLC's members, or investors chosen by name. */
export type AudienceScope = 'everyone' | 'llc' | 'investors';
export type AudienceChoice = { scope: AudienceScope; llc: string; investors: string[] };
export const EVERY_INVESTOR: AudienceChoice = { scope: 'everyone', llc: '', investors: [] };

const SCOPES = [['everyone', 'Every investor'], ['llc', "An LLC's members"], ['investors', 'Chosen investors']] as const;
const selected = (select: HTMLSelectElement) => [...select.selectedOptions].map((o) => o.value);

/**
 * The audience fields of the admin forms that reach several investors (an update, a distribution run):
 * the three choices as radio buttons, then the LLC or the investors the choice asks for. The request's
 * own fields (`llc_name`, `investor_names`) come from `audienceBody`.
 */
export function AudienceFields({ id, legend, radioName, value, onChange, llcs, investors, investorsLabel = 'Investors' }: {
  id: string; legend: string; radioName: string; value: AudienceChoice; onChange: (next: AudienceChoice) => void;
  llcs: readonly string[]; investors: readonly string[]; investorsLabel?: string;
}) {
  return (
    <>
      <fieldset>
        <legend className="form-label fs-6">{legend}</legend>
        {SCOPES.map(([scope, label]) => (
          <div key={scope} className="form-check form-check-inline">
            <input id={`${id}-${radioName}-${scope}`} className="form-check-input" type="radio" name={radioName} value={scope}
              checked={value.scope === scope} onChange={() => onChange({ ...value, scope })} />
            <label htmlFor={`${id}-${radioName}-${scope}`} className="form-check-label">{label}</label>
          </div>
        ))}
      </fieldset>
      {value.scope === 'llc' && (
        <div>
          <label htmlFor={`${id}-llc`} className="form-label">LLC</label>
          <select id={`${id}-llc`} name="llc_name" className="form-select" value={value.llc} onChange={(e) => onChange({ ...value, llc: e.target.value })}>
            <option value="">Select an LLC</option>
            {llcs.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
      )}
      {value.scope === 'investors' && (
        <div>
          <label htmlFor={`${id}-investors`} className="form-label">{investorsLabel}</label>
          <select id={`${id}-investors`} name="investor_names" className="form-select" multiple size={Math.min(8, Math.max(3, investors.length))}
            value={value.investors} onChange={(e) => onChange({ ...value, investors: selected(e.target) })}>
            {investors.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
      )}
    </>
  );
}

/** What the chosen audience asks of the form before sending, in words; null when it is complete. */
export function audienceProblem(value: AudienceChoice, whose: string): string | null {
  if (value.scope === 'llc' && !value.llc) return `LLC is required: choose whose members ${whose}.`;
  if (value.scope === 'investors' && value.investors.length === 0) return 'Investors are required: choose at least one.';
  return null;
}

/** The request fields of the chosen audience: neither for every investor. */
export const audienceBody = (value: AudienceChoice) => ({
  ...(value.scope === 'llc' ? { llc_name: value.llc } : {}),
  ...(value.scope === 'investors' ? { investor_names: value.investors } : {}),
});
