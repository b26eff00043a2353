import { useSearchParams } from 'react-router';
import { endpoints } from '../../../contract/endpoints';
import { FIRST_DAY_STEPS, FirstDayChecklist } from '../../components/first-day-checklist';
import { useManifest } from '../../lib/manifest';
import { mayCall, runsTheBooks, useRole } from '../../lib/role';
import '../../styles/admin-menu.css';
import { actionsFor, actionsForRole, DEFAULT_ACTION } from './admin-actions';
import { ActionMenu } from './navigation/action-menu';
import { ActionSheet } from './navigation/action-sheet';
import { AdminActionPicker } from './navigation/admin-action-picker';
import { PropertyPictureUpload } from './shared/property-picture-upload';
import { useAdminHelpers, type HelpersState } from './use-admin-helpers';

/**
 * /admin: the back office (docs/product.md "Screens", Admin page). The chosen action lives in the address
 * (/admin?action=withdraw-funds): choosing one adds a history entry, so reload, bookmarks and the back
 * button keep it; an address without a known action shows the first. What each action shows, and how,
 * is the action registry's (admin-actions.ts). It opens for the staff roles, each seeing only the actions
 * the endpoint table lets it make (a bookkeeper records, an auditor reads its LLCs' reports).
 */
export function AdminPage() {
  const manifest = useManifest();
  const role = useRole();
  const staff = runsTheBooks(role);
  const helpers = useAdminHelpers(role !== undefined && staff && mayCall(role, endpoints.adminHelpers));
  // Before the role is known nothing shows; a role that is not staff is told so, as a refusal would.
  const state: HelpersState = role === undefined ? { status: 'loading' } : !staff ? { status: 'forbidden' } : helpers;
  const [params, setParams] = useSearchParams();
  // Only what the role may do (admin-actions.ts actionsForRole, from the endpoint table's roles).
  const actions = role === undefined ? [] : actionsForRole(actionsFor(manifest.loren), role);
  const action = actions.find((a) => a.slug === params.get('action')) ?? actions[0] ?? DEFAULT_ACTION;
  const Panel = action.panel;
  // The first day's steps are setup work: shown to a role that may open every step's form.
  const setsUp = FIRST_DAY_STEPS.every((step) => actions.some((a) => a.slug === step.action));
  const first = actions[0] ?? DEFAULT_ACTION;

  return (
    <main className="container-xl py-4 admin-page">
      <h1 className={`h3 ${staff && role !== 'admin' ? 'mb-1' : 'mb-4'}`}>Admin Page</h1>
      {/* Another staff role sees fewer actions than an admin: it is told why. */}
      {staff && role !== 'admin' && (
        <p className="mb-4" data-testid="admin-role">
          Signed in as {role === 'auditor' ? 'an auditor' : `a ${role}`}: the actions your role may take.
        </p>
      )}
      {state.status === 'loading' && <p>Loading...</p>}
      {state.status === 'forbidden' && (
        <div className="alert alert-warning" role="alert">
          You are not authorized to view this page.
        </div>
      )}
      {state.status === 'ready' && actions.length === 0 && (
        <div className="alert alert-info" role="status">
          Your role has no back-office actions yet. Ask an administrator if you need one.
        </div>
      )}
      {state.status === 'ready' && actions.length > 0 && (
        <div className="admin-layout">
          <ActionMenu actions={actions} current={action} />
          <div className="admin-main">
            {/* An empty portal's first steps: the list on the landing, a line beside a form. */}
            {setsUp && <FirstDayChecklist compact={action.slug !== first.slug} current={action.slug} />}
            <div className="admin-action-bar mb-4">
              <AdminActionPicker actions={actions} current={action} onChoose={(slug) => setParams({ action: slug })} />
              <ActionSheet actions={actions} current={action} />
            </div>
            {state.error && (
              <div className="alert alert-warning" role="alert">
                {state.error}
              </div>
            )}
            <section className={`card border-0 shadow-sm admin-panel${action.wide ? '' : ' admin-panel-form'}`} aria-labelledby="admin-action-title">
              <div className="card-body p-3 p-md-4">
                <p className="admin-action-group mb-1">{action.group}</p>
                <h2 id="admin-action-title" className="h5 mb-3">
                  {action.title}
                </h2>
                <Panel key={action.slug} helpers={state.helpers} showLoren={manifest.loren || manifest.lorenSelector} />
              </div>
            </section>
            {action.picture && mayCall(role, endpoints.uploadPicture) && (
              <section className="card border-0 shadow-sm admin-panel admin-panel-form mt-4" aria-labelledby="property-picture-title">
                <div className="card-body p-3 p-md-4">
                  <h2 id="property-picture-title" className="h5 mb-1">Property picture</h2>
                  <p className="record-form-intro mb-3">
                    The portal keeps the pictures it shows: upload one here rather than linking to another site.
                  </p>
                  <PropertyPictureUpload key={action.slug} helpers={state.helpers} />
                </div>
              </section>
            )}
          </div>
        </div>
      )}
    </main>
  );
}
