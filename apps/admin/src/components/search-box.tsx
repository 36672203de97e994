import { Search } from 'lucide-react';

/** The search field of a list's toolbar, named for what it searches. */
export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
}) {
  return (
    <label className="toolbar__search">
      <Search size={16} aria-hidden="true" />
      <input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
