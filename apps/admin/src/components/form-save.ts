import { useState } from 'react';
import { fieldErrorsOf } from './editor-fields.tsx';
import { failureNotice, type Notice } from './row-editor.tsx';

/** What reading a form gives: the body to send, or the form's own problems by field. */
export type FormReading<Body> = { body: Body } | { errors: Partial<Record<string, string>> };

/**
 * An editor's save: the form is read first and its problems shown next to the fields; what it read
 * is sent, and a refusal's field messages join them there. A notice says how it went either way,
 * and a field typed again drops the problem it had (`clear`).
 */
export function useFormSave<Body>(options: {
  read: () => FormReading<Body>;
  send: (body: Body) => Promise<unknown>;
  onNotice: (notice: Notice) => void;
  /** The notice's title once saved ("Rule saved."). */
  savedTitle: string;
  onSaved?: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    options.onNotice(null);
    const reading = options.read();
    if ('errors' in reading) {
      setErrors(
        Object.fromEntries(Object.entries(reading.errors).filter(([, text]) => text !== undefined)) as Record<
          string,
          string
        >,
      );
      return;
    }
    setErrors({});
    try {
      await options.send(reading.body);
      options.onNotice({ tone: 'success', title: options.savedTitle });
      options.onSaved?.();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      options.onNotice(failureNotice(error));
    }
  }

  return {
    errors,
    submit,
    /** Drops the problems of the fields named, once they are typed again. */
    clear(fields: readonly string[]) {
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))),
      );
    },
  };
}
