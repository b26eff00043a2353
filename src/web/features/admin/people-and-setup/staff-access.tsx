import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { endpoints } from '../../../../contract/endpoints';
import { STAFF_ROLES, type StaffRole } from '../../../../contract/roles';
import { InviteStaffRequest, type StaffRow } from '../../../../contract/schemas/access';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

/**
 * The staff of the back office (issue 29, docs/decisions.md 42): who they are, their role and LLCs, whether
 * two-factor sign-in is on and when they last signed in; an invitation answers a one-time secret that
 * registers through /register, like an investor's; a role changed or access ended takes effect at once
 * (their sessions end). What each role may do is the endpoint table's (contract/roles.ts).
 */

/** What each role does, in a line under the role's selector (the endpoint table decides it; these are its words). */
const ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'Everything, including staff, fees, voids and approvals.',
  bookkeeper: 'Records entries and reads the viewers, reports and documents; no voids, fees, users or approvals.',
  auditor: 'Reads the reports, exports, tax packages and documents of the LLCs ticked; changes nothing.',
};
const ROLE_NAMES: Record<StaffRole, string> = { admin: 'Admin', bookkeeper: 'Bookkeeper', auditor: 'Auditor' };
const STATUS_WORDS: Record<StaffRow['status'], string> = { invited: 'Invited', active: 'Active', ended: 'Access ended' };

/** A schema's message on a field ("is required") as a sentence that names the field. */
const sentence = (label: string, message: string | undefined) =>
  !message ? undefined : /^[a-z]/.test(message) ? `${label} ${message.replace(/\.$/, '')}.` : message;

type InviteFields = z.input<typeof InviteStaffRequest>;

/** LLC choices as checkboxes: an auditor reads only the LLCs ticked here. */
function LlcChoices({ id, llcs, chosen, onToggle, error }: {
  id: string; llcs: readonly string[]; chosen: readonly string[]; onToggle: (llc: string, on: boolean) => void; error?: string;
}) {
  return (
    <fieldset className="staff-llcs" aria-describedby={`${id}-note`}>
      <legend className="form-label fs-6 mb-1">LLCs the auditor reads</legend>
      {llcs.length === 0 && <p className="small text-secondary mb-0">No LLC yet: add one under Manage LLCs first.</p>}
      <div className="d-flex flex-wrap gap-3">
        {llcs.map((llc, i) => (
          <div key={llc} className="form-check">
            <input id={`${id}-${i}`} className="form-check-input" type="checkbox" checked={chosen.includes(llc)}
              onChange={(e) => onToggle(llc, e.target.checked)} />
            <label className="form-check-label" htmlFor={`${id}-${i}`}>{llc}</label>
          </div>
        ))}
      </div>
      <div id={`${id}-note`} className={error ? 'invalid-feedback d-block' : 'form-text'}>
        {error ?? 'Their reports, exports, tax packages and documents; nothing of the other LLCs, and nothing to change.'}
      </div>
    </fieldset>
  );
}

/** The one-time secret of an invitation: shown once, with Copy; the server keeps only its hash. */
function InvitationSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () => navigator.clipboard.writeText(secret).then(() => setCopied('yes'), () => setCopied('failed'));
  return (
    <section className="secret-panel mt-3" aria-labelledby={titleId} data-testid="staff-secret">
      <h4 id={titleId} ref={heading} tabIndex={-1} className="h6 fw-semibold mb-2">Registration secret for {name}</h4>
      <p className="mb-2">
        Shown only now: give it to {name} to register at <span className="secret-panel-address">{window.location.origin}/register</span>.
        It works once, for 7 days. Staff set up two-factor sign-in when they first sign in.
      </p>
      <p className="secret-panel-code mb-3"><code className="user-select-all">{secret}</code></p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void copy()}>{copied === 'yes' ? 'Copied' : 'Copy secret'}</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>Done</button>
      </div>
      {copied === 'failed' && <p className="small mt-2 mb-0">Copying is not allowed here: select the secret and copy it.</p>}
    </section>
  );
}

function InviteStaffForm({ llcs }: { llcs: readonly string[] }) {
  const invite = useEndpointMutation(endpoints.inviteStaff);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const { register, handleSubmit, reset, watch, setValue, formState: { errors, isSubmitting } } = useForm<InviteFields>({
    resolver: zodResolver(InviteStaffRequest),
    defaultValues: { name: '', role: 'bookkeeper', llc_names: [] },
  });
  const role = watch('role');
  const chosen = watch('llc_names') ?? [];
  const submit = handleSubmit(async (body) => {
    setSecret(null);
    // Only an auditor names LLCs; the other roles read every LLC.
    const sent = { ...body, llc_names: body.role === 'auditor' ? body.llc_names : undefined };
    const answer = await invite.mutateAsync({ body: sent }).catch(() => null);
    if (answer) {
      reset();
      setSecret({ name: answer.name, secret: answer.registration_secret });
    }
  });
  const nameError = sentence('Name', errors.name?.message);
  const roleError = sentence('Role', errors.role?.message);
  const llcError = sentence('LLCs', errors.llc_names?.message ?? errors.llc_names?.[0]?.message);
  return (
    <>
      <form id="invite-staff" className="d-grid gap-3" onSubmit={(e) => void submit(e)} noValidate aria-busy={isSubmitting}>
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <label htmlFor="invite-staff-name" className="form-label">Name <span className="text-danger" aria-hidden="true">*</span></label>
            <input id="invite-staff-name" className={`form-control${nameError ? ' is-invalid' : ''}`} autoComplete="off"
              aria-invalid={Boolean(nameError)} aria-describedby="invite-staff-name-note" {...register('name')} />
            <div id="invite-staff-name-note" className={nameError ? 'invalid-feedback' : 'form-text'}>{nameError ?? 'Their full name, as the staff list shows it.'}</div>
          </div>
          <div className="col-12 col-md-6">
            <label htmlFor="invite-staff-role" className="form-label">Role <span className="text-danger" aria-hidden="true">*</span></label>
            <select id="invite-staff-role" className={`form-select${roleError ? ' is-invalid' : ''}`} aria-invalid={Boolean(roleError)}
              aria-describedby="invite-staff-role-note" {...register('role')}>
              {STAFF_ROLES.map((r) => <option key={r} value={r}>{ROLE_NAMES[r]}</option>)}
            </select>
            <div id="invite-staff-role-note" className={roleError ? 'invalid-feedback' : 'form-text'}>{roleError ?? ROLE_WORDS[role] ?? ''}</div>
          </div>
        </div>
        {role === 'auditor' && (
          <LlcChoices id="invite-staff-llc" llcs={llcs} chosen={chosen} error={llcError}
            onToggle={(llc, on) => setValue('llc_names', on ? [...chosen, llc] : chosen.filter((c) => c !== llc), { shouldValidate: Boolean(errors.llc_names) })} />
        )}
        <FormError message={invite.isError ? errorText(invite.error) : null} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>Invite staff</button>
        </div>
      </form>
      {secret && <InvitationSecret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
    </>
  );
}

type Pending = { kind: 'role'; row: StaffRow } | { kind: 'end'; row: StaffRow };

/** Change role / End access on one row, each behind the confirmation that says the sessions end at once. */
function StaffRowDialogs({ pending, llcs, onClose, onDone }: {
  pending: Pending | null; llcs: readonly string[]; onClose: () => void; onDone: (message: string) => void;
}) {
  const change = useEndpointMutation(endpoints.changeStaffRole);
  const end = useEndpointMutation(endpoints.endStaffAccess);
  const [role, setRole] = useState<StaffRole>('bookkeeper');
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const roleId = useId();
  const row = pending?.row;
  useEffect(() => {
    if (!row) return;
    setRole(row.role);
    setChosen(row.llc_names);
    setFailure(null);
  }, [row]);

  const confirm = async () => {
    if (!pending?.row.username) return;
    const username = pending.row.username;
    try {
      const answer = pending.kind === 'role'
        ? await change.mutateAsync({ body: { username, role, llc_names: role === 'auditor' ? chosen : undefined } })
        : await end.mutateAsync({ body: { username } });
      flushSync(onClose);
      onDone(`${answer.message}: ${pending.row.name}.`);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <>
      <ConfirmDialog open={pending?.kind === 'role'} title={row ? `Change the role of ${row.name}` : 'Change role'}
        message="Their open sessions end at once: they sign in again and work with the new role."
        confirmLabel="Change role" busy={change.isPending} onConfirm={() => void confirm()} onCancel={onClose}>
        <div className="d-grid gap-3 mb-3">
          <div>
            <label htmlFor={roleId} className="form-label">New role</label>
            <select id={roleId} className="form-select" value={role} aria-describedby={`${roleId}-note`}
              onChange={(e) => setRole(e.target.value as StaffRole)}>
              {STAFF_ROLES.map((r) => <option key={r} value={r}>{ROLE_NAMES[r]}</option>)}
            </select>
            <div id={`${roleId}-note`} className="form-text">{ROLE_WORDS[role]}</div>
          </div>
          {role === 'auditor' && (
            <LlcChoices id={`${roleId}-llc`} llcs={llcs} chosen={chosen}
              onToggle={(llc, on) => setChosen((c) => (on ? [...c, llc] : c.filter((x) => x !== llc)))} />
          )}
          <FormError message={pending?.kind === 'role' ? failure : null} />
        </div>
      </ConfirmDialog>
      <ConfirmDialog open={pending?.kind === 'end'} title={row ? `End the access of ${row.name}` : 'End access'} danger
        message={`${row?.name ?? 'They'} can no longer sign in: their sessions and API tokens end at once. The audit log keeps what they did.`}
        confirmLabel="End access" busy={end.isPending} onConfirm={() => void confirm()} onCancel={onClose}>
        <FormError message={pending?.kind === 'end' ? failure : null} />
      </ConfirmDialog>
    </>
  );
}

function StaffList({ llcs }: { llcs: readonly string[] }) {
  const { data, error } = useEndpointQuery(endpoints.staff, undefined, { meta: logFailure });
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The portal keeps one admin at least (the server refuses otherwise): the last one's row offers nothing to refuse.
  const activeAdmins = data?.staff.filter((r) => r.role === 'admin' && r.status === 'active').length ?? 0;
  const lastAdmin = (r: StaffRow) => r.role === 'admin' && r.status === 'active' && activeAdmins === 1;
  const columns: readonly Column<StaffRow>[] = [
    // The username under the name: "invited" until the invitation is used to register.
    { header: 'Name', cell: (r) => <>{r.name}<br /><span className="small report-muted">{r.username ?? 'invited'}</span></> },
    { header: 'Role', cell: (r) => <span className="text-nowrap">{ROLE_NAMES[r.role]}</span> },
    { header: 'LLCs', cell: (r) => (r.role === 'auditor' ? r.llc_names.join(', ') || 'None' : 'All') },
    { header: 'Two-factor', cell: (r) => (r.two_factor ? 'On' : 'Off') },
    { header: 'Last sign-in', cell: (r) => <span className="report-when">{r.last_sign_in ? formatDateTime(r.last_sign_in) : 'Never'}</span> },
    { header: 'Status', cell: (r) => <span className="text-nowrap">{STATUS_WORDS[r.status]}</span> },
    {
      header: 'Action', end: true, cell: (r) => lastAdmin(r) ? <span className="small report-muted">The only admin</span>
        : r.status === 'ended' || !r.username ? <span className="report-muted">—</span> : (
        <div className="d-inline-flex flex-wrap gap-1 justify-content-end">
          <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Change the role of ${r.name}`}
            onClick={() => { setDone(null); setPending({ kind: 'role', row: r }); }}>Change role</button>
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`End the access of ${r.name}`}
            onClick={() => { setDone(null); setPending({ kind: 'end', row: r }); }}>End access</button>
        </div>
      ),
    },
  ];
  return (
    <div className="d-grid gap-3">
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      {error ? <ReportFailure what="The staff list" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Staff members" headingLevel="h4" subtitle="Who runs the books, with their role; an invitation shows until it is used to register."
          columns={columns} rows={data.staff} rowKey={(r) => r.username ?? `invited-${r.name}-${r.invited_at ?? ''}`} empty="No staff yet." />
      )}
      <StaffRowDialogs pending={pending} llcs={llcs} onClose={() => setPending(null)} onDone={setDone} />
    </div>
  );
}

/** The "Staff" section of Manage Portal Users: the list, then the invitation. */
export function StaffAccess({ llcs }: { llcs: readonly string[] }) {
  return (
    <div className="d-grid gap-4">
      <StaffList llcs={llcs} />
      <section aria-labelledby="invite-staff-title">
        <h4 id="invite-staff-title" className="h6 fw-semibold mb-3">Invite staff</h4>
        <InviteStaffForm llcs={llcs} />
      </section>
    </div>
  );
}
