import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { KIND_WORDS } from './line-choice';
import { ruleBody, type Rule } from './rule-body';
import { RuleForm } from './rule-form';

/** What a rule proposes, in words: "Property expense · Oak Street · Repairs". */
const ruleWords = (r: Rule) => [KIND_WORDS[r.kind], r.property_name, r.category, r.investor_name, r.description && `“${r.description}”`].filter(Boolean).join(' · ');

/**
 * "Rules": what a later statement's lines are proposed, by the text of their payee or memo, applied in
 * this order (the first that matches wins). Each is changed, moved, deleted (after a confirmation) or added here.
 */
export function RulesCard({ llc, helpers }: { llc: string; helpers: AdminHelpersResponse }) {
  const id = useId();
  const { data, error } = useEndpointQuery(endpoints.bankRules, { llc_name: llc }, { meta: logFailure });
  const move = useEndpointMutation(endpoints.changeBankRule);
  const remove = useEndpointMutation(endpoints.deleteBankRule);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rules = data?.rules ?? [];
  const rule = rules.find((r) => r.id === editing) ?? null;

  const run = async (write: () => Promise<{ message: string }>) => {
    setFailure(null);
    setDone(null);
    try {
      setDone((await write()).message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const moveTo = (r: Rule, position: number) => void run(() => move.mutateAsync({ body: { id: r.id, ...ruleBody({ ...r, position }) } }));

  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Rules</h3>
        <p className="report-card-subtitle mb-0">Applied in this order to each line’s payee and memo; the first that matches proposes the entry.</p>
      </div>
      {error ? <div className="card-body"><ReportFailure what="The rules" error={error} /></div> : !data ? <div className="card-body"><ReportLoading /></div> : (
        rules.length === 0 ? <p className="card-body small text-secondary border-bottom mb-0">No rules yet: “Remember” on a changed line keeps one.</p> : (
        <ol className="list-group list-group-flush list-group-numbered" aria-label={`Rules of ${llc}`}>
          {rules.map((r, i) => (
            <li key={r.id} className="list-group-item d-flex flex-wrap align-items-center gap-2" data-testid="bank-rule">
              <div style={{ flex: '1 1 14rem', minWidth: 0 }} className="text-break">
                <span className="fw-semibold">{r.match_text}</span>
                <div className="small text-secondary">{ruleWords(r)}</div>
              </div>
              <div className="d-flex flex-wrap gap-1">
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === 0 || move.isPending} aria-label={`Move ${r.match_text} up`}
                  onClick={() => moveTo(r, r.position - 1)}>↑</button>
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === rules.length - 1 || move.isPending}
                  aria-label={`Move ${r.match_text} down`} onClick={() => moveTo(r, r.position + 1)}>↓</button>
                <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Change the rule ${r.match_text}`} aria-pressed={editing === r.id}
                  onClick={() => { setDone(null); setEditing(r.id); }}>Change</button>
                <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete the rule ${r.match_text}`}
                  onClick={() => setDeleting(r)}>Delete</button>
              </div>
            </li>
          ))}
        </ol>
      ))}
      <div className="card-body d-grid gap-2">
        {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
        <FormError message={failure} />
        <h4 className="h6 mb-0">{rule ? `Change “${rule.match_text}”` : 'Add a rule'}</h4>
        {rule && <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => setEditing(null)}>Add a rule instead</button>}
        <RuleForm key={editing ?? 'new'} llc={llc} rule={rule} helpers={helpers} onDone={(m) => { setDone(m); setEditing(null); }} />
      </div>
      <ConfirmDialog open={deleting !== null} title="Delete the rule" danger busy={remove.isPending} confirmLabel="Delete"
        message={deleting ? `Delete the rule “${deleting.match_text}”? Later statements are no longer proposed by it; nothing recorded changes.` : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void run(async () => {
          const reply = await remove.mutateAsync({ body: { id: deleting!.id } });
          flushSync(() => setDeleting(null));
          return reply;
        }).finally(() => setDeleting(null))} />
    </section>
  );
}
