import { useSearchParams } from 'react-router';
import { FirstDayChecklist } from '../../components/first-day-checklist';
import { useManifest } from '../../lib/manifest';
import '../../styles/admin-menu.css';
import { actionsFor, DEFAULT_ACTION } from './admin-actions';
import { ActionMenu } from './navigation/action-menu';
import { ActionSheet } from './navigation/action-sheet';
import { AdminActionPicker } from './navigation/admin-action-picker';
import { PropertyPictureUpload } from './shared/property-picture-upload';
import { useAdminHelpers } from './use-admin-helpers';

/**
 * /admin: the back office (docs/product.md "Screens", Admin page). The chosen action lives in the address
 * (/admin?action=withdraw-funds): choosing one adds a history entry, so reload, bookmarks and the back
 * button keep it; an address without a known action shows the first. What each action shows, and how,
 * is the action registry's (admin-actions.ts).
 */
export function AdminPage() {
  const manifest = useManifest();
  const state = useAdminHelpers();
  const [params, setParams] = useSearchParams();
  const actions = actionsFor(manifest.loren);
  const action = actions.find((a) => a.slug === params.get('action')) ?? DEFAULT_ACTION;
  const Panel = action.panel;

  return (
    <main className="container-xl py-4 admin-page">
      <h1 className="h3 mb-4">Admin Page</h1>
      {state.status === 'loading' && <p>Loading...</p>}
      {state.status === 'forbidden' && (
        <div className="alert alert-warning" role="alert">
          You are not authorized to view this page.
        </div>
      )}
      {state.status === 'ready' && (
        <div className="admin-layout">
          <ActionMenu actions={actions} current={action} />
          <div className="admin-main">
            {/* An empty portal's first steps: the list on the landing, a line beside a form. */}
            <FirstDayChecklist compact={action.slug !== DEFAULT_ACTION.slug} current={action.slug} />
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
            {action.picture && (
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
