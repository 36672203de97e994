/** A select named for screen readers (it stands in a toolbar or a row, without a visible label). */
export function ChoiceSelect<Id extends string>(props: {
  label: string;
  value: Id;
  /** Each choice's value and the words it shows. */
  choices: ReadonlyArray<readonly [Id, string]>;
  onChange: (id: Id) => void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as Id)}
    >
      {props.choices.map(([id, words]) => (
        <option key={id} value={id}>
          {words}
        </option>
      ))}
    </select>
  );
}
