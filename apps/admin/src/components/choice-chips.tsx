/**
 * A row of chips that picks one of a few views (a section, a queue, a status): the chosen chip is
 * pressed, and choosing one hands its id to `onChange`.
 */
export function ChoiceChips<Id extends string>(props: {
  label: string;
  choices: readonly (readonly [Id, string])[];
  value: Id;
  onChange: (id: Id) => void;
  /** Full-size buttons, for the choice that heads a whole page. */
  isLarge?: boolean;
}) {
  return (
    <nav className="chips" aria-label={props.label}>
      {props.choices.map(([id, label]) => (
        <button
          key={id}
          type="button"
          aria-pressed={props.value === id}
          className={`button${props.isLarge ? '' : ' button--small'} ${props.value === id ? 'button--primary' : 'button--quiet'}`}
          onClick={() => props.onChange(id)}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
