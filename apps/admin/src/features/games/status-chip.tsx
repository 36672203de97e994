/** Labels of the statuses vendors and games can have, as operators read them. */
export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  maintenance: 'Maintenance',
  hidden: 'Hidden',
  disabled: 'Disabled',
};

/**
 * A status shown as a coloured chip that is also the control that changes it: a select styled as a
 * chip, so that a status is changed in place in the table. Read-only operators see the chip alone.
 */
export function StatusChip<Status extends string>(props: {
  label: string;
  value: Status;
  options: readonly Status[];
  canWrite: boolean;
  isBusy?: boolean;
  onChange: (status: Status) => void;
}) {
  const className = `status-chip status-chip--${props.value}`;
  if (!props.canWrite) return <span className={className}>{STATUS_LABELS[props.value] ?? props.value}</span>;
  return (
    <select
      className={className}
      aria-label={props.label}
      value={props.value}
      disabled={props.isBusy}
      onChange={(event) => props.onChange(event.target.value as Status)}
    >
      {props.options.map((option) => (
        <option key={option} value={option}>
          {STATUS_LABELS[option] ?? option}
        </option>
      ))}
    </select>
  );
}
