import type { AdminAction } from '../admin-actions';
import { ActionFinder } from './action-finder';

/** The admin actions beside the page from 992 px up (admin-menu.css); a phone opens them in a sheet instead. */
export function ActionMenu({ actions, current }: { actions: readonly AdminAction[]; current: AdminAction }) {
  return (
    <nav className="admin-menu" aria-label="Admin actions">
      <ActionFinder actions={actions} current={current} />
    </nav>
  );
}
