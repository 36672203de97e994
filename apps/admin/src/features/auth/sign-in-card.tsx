import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export type Failure = { code: string; message: string };

/** The head of the cards shown before the back office opens: the brand, the card's title, its help. */
export function CardHeading(props: { titleId: string; title: string; children: ReactNode }) {
  return (
    <div className="sign-in__brand">
      <span className="brand-mark" aria-hidden="true">
        P
      </span>
      <div>
        <h1 id={props.titleId}>{props.title}</h1>
        <p className="muted">{props.children}</p>
      </div>
    </div>
  );
}

/** A labelled input of those cards, with the server's message for it; the input's attributes pass through. */
export function CardField({
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input id={id} aria-invalid={error ? true : undefined} {...input} />
      {error && <span className="field__error">{error}</span>}
    </label>
  );
}

/** Why the card's request was refused, in the server's words and code. */
export function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return (
    <div className="alert alert--danger" role="alert">
      <strong>{failure.message}</strong>
      <span className="alert__code">{failure.code}</span>
    </div>
  );
}
