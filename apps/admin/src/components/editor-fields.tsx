import { type ReactNode, useId, useState } from 'react';
import { BackOfficeError } from '../lib/back-office-api.ts';
import { isSetMoment } from '../lib/format.ts';

/** The languages an operator writes player-facing text in; TY (Tagalog) is the default. */
export const TEXT_LANGUAGES = [
  ['TY', 'Tagalog · TY (default)'],
  ['EN', 'English · EN'],
] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number][0];
export type LocalizedValue = Record<string, string>;

export const emptyLocalized = (): LocalizedValue => ({ TY: '', EN: '' });

/** A row's text for a list: TY first, as players see it by default. */
export const textOf = (text: LocalizedValue) => text.TY || text.EN || Object.values(text)[0] || '';

/** The server's field messages of a failed change (VALIDATION), keyed by field path. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof BackOfficeError ? error.fields : {};
}

/** The message for a field, or for any part of it (`title` covers `title.TY`). */
export function errorOf(errors: Record<string, string>, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
}

export function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  const message = errorOf(errors, name);
  return message ? (
    <span className="field__error" role="alert" data-field-error={name}>
      {message}
    </span>
  ) : null;
}

/** A ticked or unticked box with the words that say what ticking it means. */
export function Check(props: {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={props.isOn}
        disabled={props.isDisabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.children}
    </label>
  );
}

/** A labelled input with its server message under it. */
export function Field(props: {
  label: string;
  name: string;
  errors: Record<string, string>;
  children: ReactNode;
  hint?: string;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, inside this label.
    <label className="field">
      <span className="field__label">{props.label}</span>
      {props.children}
      {props.hint && <span className="muted small">{props.hint}</span>}
      <FieldError errors={props.errors} name={props.name} />
    </label>
  );
}

/** A field choosing one of a fixed list of codes: each shown as itself, or as "code · name" when named. */
export function CodeSelectField<Code extends string>(props: {
  label: string;
  name: string;
  errors: Record<string, string>;
  value: Code;
  codes: ReadonlyArray<Code | readonly [Code, string]>;
  onChange: (code: Code) => void;
  hint?: string;
  isDisabled?: boolean;
}) {
  return (
    <Field label={props.label} name={props.name} errors={props.errors} hint={props.hint}>
      <select
        value={props.value}
        disabled={props.isDisabled}
        onChange={(event) => props.onChange(event.target.value as Code)}
      >
        {props.codes.map((option) => {
          const [code, name] = typeof option === 'string' ? [option, null] : option;
          return (
            <option key={code} value={code}>
              {name === null ? code : `${code} · ${name}`}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/**
 * One text in TY and EN: side by side on a desktop, as two tabs on a phone. A language left blank
 * is not stored, and players of that language read the other one.
 */
export function LocalizedFields(props: {
  label: string;
  name: string;
  value: LocalizedValue;
  onChange: (value: LocalizedValue) => void;
  errors: Record<string, string>;
  isHtml?: boolean;
  maxLength: number;
}) {
  const [shown, setShown] = useState<TextLanguage>('TY');
  const idPrefix = useId();
  return (
    <fieldset className="localized" data-shown={shown}>
      <legend className="field__label">{props.label}</legend>
      <div className="localized__tabs" role="tablist" aria-label={`${props.label}: language`}>
        {TEXT_LANGUAGES.map(([code]) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={shown === code}
            className={`button button--small ${shown === code ? 'button--primary' : 'button--quiet'}`}
            onClick={() => setShown(code)}
          >
            {code}
          </button>
        ))}
      </div>
      <div className="localized__columns">
        {TEXT_LANGUAGES.map(([code, languageLabel]) => {
          const message = errorOf(props.errors, `${props.name}.${code}`);
          const common = {
            id: `${idPrefix}-${code}`,
            'aria-label': `${props.label} (${code})`,
            'aria-invalid': message ? true : undefined,
            maxLength: props.maxLength,
            value: props.value[code] ?? '',
            onChange: (event: { target: { value: string } }) =>
              props.onChange({ ...props.value, [code]: event.target.value }),
          };
          return (
            <div key={code} className="field localized__column" data-language={code}>
              <label className="field__label small" htmlFor={`${idPrefix}-${code}`}>
                {languageLabel}
              </label>
              {props.isHtml ? <textarea rows={8} {...common} /> : <input {...common} />}
              {message && (
                <span className="field__error" role="alert">
                  {message}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {!Object.keys(props.errors).some((key) => key.startsWith(`${props.name}.`)) && (
        <FieldError errors={props.errors} name={props.name} />
      )}
      {props.isHtml && (
        <span className="muted small">
          HTML: scripts, event attributes and unsafe links are removed on save.
        </span>
      )}
    </fieldset>
  );
}

/** The title of a row players read (a banner, an entry, a help page), in TY and EN. */
export function TitleFields(props: {
  value: LocalizedValue;
  onChange: (value: LocalizedValue) => void;
  errors: Record<string, string>;
}) {
  return <LocalizedFields label="Title" name="title" maxLength={200} {...props} />;
}

/** `datetime-local` text for an ISO moment, in the operator's own time zone; empty when unset. */
export function toLocalInput(iso: string | null): string {
  if (!isSetMoment(iso)) return '';
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export const isoOrNull = (value: string) => (value ? new Date(value).toISOString() : null);

/** A row's Edit button (with the right to change it) or Open button (to read it), which opens its form. */
export function OpenButton(props: { canWrite: boolean; name: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="button button--quiet button--small"
      aria-label={`${props.canWrite ? 'Edit' : 'Open'} ${props.name}`}
      onClick={props.onOpen}
    >
      {props.canWrite ? 'Edit' : 'Open'}
    </button>
  );
}
