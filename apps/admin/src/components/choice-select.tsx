/** Each choice's value and the words it shows. */
type Choices<Id extends string> = ReadonlyArray<readonly [Id, string]>;

function ChoiceOptions<Id extends string>({ choices }: { choices: Choices<Id> }) {
  return choices.map(([id, words]) => (
    <option key={id} value={id}>
      {words}
    </option>
  ));
}

/** A select named for screen readers (it stands in a toolbar or a row, without a visible label). */
export function ChoiceSelect<Id extends string>(props: {
  label: string;
  value: Id;
  choices: Choices<Id>;
  onChange: (id: Id) => void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as Id)}
    >
      <ChoiceOptions choices={props.choices} />
    </select>
  );
}

/** A labelled filter of a list: one of the choices, or (the empty value) any of them. */
export function FilterSelect<Id extends string>(props: {
  label: string;
  anyLabel: string;
  value: Id | '';
  choices: Choices<Id>;
  onChange: (id: Id | '') => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <select value={props.value} onChange={(event) => props.onChange(event.target.value as Id | '')}>
        <option value="">{props.anyLabel}</option>
        <ChoiceOptions choices={props.choices} />
      </select>
    </label>
  );
}
