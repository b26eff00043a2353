import type { AdminActionTitle } from '../admin-actions';

/**
 * An admin action's address: /admin?action=add-new-income. Worked out from the title alone, so a panel
 * can link to another action without importing the registry (which imports every panel).
 */
export const slugOf = (title: string): string => title.toLowerCase().replace(/\s+/g, '-');

/** The address of an action, with more of the query after it (an entry to correct, a name to open). */
export function actionHref(title: AdminActionTitle, more: Record<string, string> = {}): string {
  return `/admin?${new URLSearchParams({ action: slugOf(title), ...more })}`;
}
