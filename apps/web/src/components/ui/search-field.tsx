import { Search } from 'lucide-react';

/** A search box whose label is read out but not shown: the magnifier and the placeholder say it. */
export function SearchField({
  label,
  value,
  onValueChange,
  className,
  testId,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  className: string;
  testId: string;
}) {
  return (
    <label className={className}>
      <Search size={18} aria-hidden="true" className="shrink-0 text-muted" />
      <span className="sr-only">{label}</span>
      <input
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={label}
        className="min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted md:text-sm"
        data-testid={testId}
      />
    </label>
  );
}
