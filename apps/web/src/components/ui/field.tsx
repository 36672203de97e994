import { Check, Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  error?: string | null;
  hint?: string;
  isRequired?: boolean;
  onValueChange: (value: string) => void;
  leading?: ReactNode;
  trailing?: ReactNode;
};

/** Label above, error under the field as soon as it is left (DESIGN.md forms); passwords can be shown. */
export function TextField({
  label,
  error,
  hint,
  isRequired,
  onValueChange,
  leading,
  trailing,
  type = 'text',
  className,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [isRevealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const messageId = `${id}-message`;
  return (
    <div className={joinClassNames('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
        {isRequired ? (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div
        className={joinClassNames(
          'flex min-h-12 items-center gap-2 rounded-md border bg-raised px-3 transition-colors focus-within:border-brand',
          error ? 'border-danger' : 'border-line',
        )}
      >
        {leading}
        <input
          id={id}
          type={isPassword && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          onChange={(event) => onValueChange(event.target.value)}
          className="min-w-0 flex-1 bg-transparent py-2 text-base text-text outline-none placeholder:text-muted md:text-sm"
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
            className="-mr-2 grid size-11 place-items-center rounded-md text-muted hover:text-text"
          >
            {isRevealed ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        ) : null}
        {trailing}
      </div>
      {error ? (
        <p id={messageId} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A required password, which the member can show and hide. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'isRequired'>) {
  return <TextField {...props} type="password" isRequired />;
}

type CheckboxProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
  testId?: string;
};

export function Checkbox({ checked, onCheckedChange, children, error, testId }: CheckboxProps) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-muted">
        <input
          type="checkbox"
          className="peer sr-only"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          data-testid={testId}
        />
        <span
          aria-hidden="true"
          className={joinClassNames(
            'grid size-5 shrink-0 place-items-center rounded-[6px] border transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-brand-strong',
            checked
              ? 'border-brand bg-brand text-on-brand'
              : error
                ? 'border-danger'
                : 'border-line bg-raised',
          )}
        >
          {checked ? <Check size={14} strokeWidth={3} /> : null}
        </span>
        <span className="min-w-0">{children}</span>
      </label>
      {error ? (
        <p className="pl-8 text-xs text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The server's answer to a failed submit, in the player's words. The code stays out of the text (no
 * code is shown to a player); it rides along as an attribute for support tools and tests.
 */
export function FormNotice({ message, code }: { message: string; code?: string }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-text"
      data-testid="form-notice"
      data-code={code}
    >
      {message}
    </div>
  );
}
