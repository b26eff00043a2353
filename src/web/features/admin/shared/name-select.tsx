/**
 * A labelled selector over names from the books (a property, an LLC, a tax year, an investor): a real
 * select, its empty choice first, as the reports and the portal-user forms use it.
 */
type Props = {
  id: string;
  label: string;
  placeholder: string;
  options: readonly (string | number)[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
};

export function NameSelect({ id, label, placeholder, options, value, onChange, disabled }: Props) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={String(o)}>
            {o}
          </option>
        ))}
      </select>
    </>
  );
}
