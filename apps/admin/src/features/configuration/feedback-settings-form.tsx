import { type FormEvent, useState } from 'react';
import { Field } from '../../components/editor-fields.tsx';
import { SaveButton, type SectionProps } from './section-form.tsx';

/** The longest feedback text any merchant may allow, in characters (the server's cap). */
const CONTENT_LENGTH_CAP = 2000;

/** A whole number of characters from 1 to the cap, or why not. */
function readLength(text: string): { length: number } | { error: string } {
  const length = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || length < 1 || length > CONTENT_LENGTH_CAP) {
    return { error: `A whole number from 1 to ${CONTENT_LENGTH_CAP}.` };
  }
  return { length };
}

/**
 * Members' feedback (docs/back-office.md "Feedback"): the length its text must have, in
 * characters rather than words, checked here first; the server's messages show beside their fields.
 */
export function FeedbackSettingsForm(props: SectionProps) {
  const saved = props.config.feedback;
  const [least, setLeast] = useState(String(saved.contentMinLength));
  const [most, setMost] = useState(String(saved.contentMaxLength));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...props.fieldErrors, ...localErrors };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const min = readLength(least);
    const max = readLength(most);
    const found: Record<string, string> = {};
    if ('error' in min) found.contentMinLength = min.error;
    if ('error' in max) found.contentMaxLength = max.error;
    if ('length' in min && 'length' in max && min.length > max.length) {
      found.contentMaxLength = 'Must be at least the least length.';
    }
    setLocalErrors(found);
    if (Object.keys(found).length > 0 || !('length' in min) || !('length' in max)) return;
    props.onSave(
      { section: 'feedback', body: { contentMinLength: min.length, contentMaxLength: max.length } },
      'Feedback settings saved. The feedback form follows them within seconds.',
    );
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label="Feedback" noValidate>
      <p className="muted small">
        Counted in characters, not words: Tagalog and English say the same thing in different numbers of
        words. Blanks around the text do not count.
      </p>
      <div className="field-row">
        {(
          [
            ['contentMinLength', 'Least length of a feedback text', least, setLeast],
            ['contentMaxLength', 'Most length of a feedback text', most, setMost],
          ] as const
        ).map(([name, label, value, setValue]) => (
          <Field key={name} label={label} name={name} errors={errors} hint="Characters, 1 to 2000.">
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={CONTENT_LENGTH_CAP}
              step={1}
              value={value}
              disabled={!props.canWrite}
              aria-invalid={errors[name] ? true : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setLocalErrors({});
              }}
            />
          </Field>
        ))}
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}
