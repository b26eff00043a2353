import { runsOf, type AdminAction } from '../admin-actions';

type Props = {
  actions: readonly AdminAction[];
  current: AdminAction;
  onChoose: (slug: string) => void;
};

/**
 * 'Select Admin Action:' (portal-spec §2): a real select in the spec's order, its runs of one kind of work
 * under a group label (Reports, Recording, Corrections, People and setup). The spec's order interleaves
 * the kinds, so a label may head more than one run: the order wins over the grouping.
 */
export function AdminActionPicker({ actions, current, onChoose }: Props) {
  return (
    <div className="admin-action-picker mb-4">
      <label htmlFor="admin-action" className="form-label fw-semibold">
        Select Admin Action:
      </label>
      <select id="admin-action" className="form-select" value={current.slug} onChange={(e) => onChoose(e.target.value)}>
        {runsOf(actions).map((run) => (
          <optgroup key={run.actions[0]!.slug} label={run.group}>
            {run.actions.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
