import type { AdminAction } from '../admin-actions';

type Props = {
  actions: readonly AdminAction[];
  current: AdminAction;
  onChoose: (slug: string) => void;
};

/**
 * 'Select Admin Action:' (docs/product.md "Screens"): a real select in the spec's order, at every width. Its options
 * stay plain: the spec's order interleaves the kinds of work, so group labels here would repeat; the
 * side menu and the phone's sheet show the actions grouped instead.
 */
export function AdminActionPicker({ actions, current, onChoose }: Props) {
  return (
    <div className="admin-action-picker">
      <label htmlFor="admin-action" className="form-label fw-semibold">
        Select Admin Action:
      </label>
      <select id="admin-action" className="form-select" value={current.slug} onChange={(e) => onChoose(e.target.value)}>
        {actions.map((a) => (
          <option key={a.slug} value={a.slug}>
            {a.title}
          </option>
        ))}
      </select>
    </div>
  );
}
