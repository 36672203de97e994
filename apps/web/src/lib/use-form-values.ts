import { useState } from 'react';

/**
 * A form's text values and an error per field. Typing in a field clears its error: the member is
 * fixing it, and the next check (on leaving the field or submitting) says again what is wrong.
 */
export function useFormValues<Values extends Record<string, string>>(initial: Values | (() => Values)) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string | null>>>({});
  function update(field: keyof Values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }
  /** What a field of this form takes: its value, its change handler and its error. */
  function bindField(field: keyof Values) {
    return {
      value: values[field],
      onValueChange: (value: string) => update(field, value),
      error: errors[field],
    };
  }
  return { values, setValues, errors, setErrors, bindField };
}
