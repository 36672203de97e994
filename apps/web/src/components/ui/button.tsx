import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { joinClassNames } from '../../lib/class-names';
import { CountBadge } from './count-badge';

export type ButtonVariant = 'primary' | 'brand' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'sm';

const variantClasses: Record<ButtonVariant, string> = {
  primary:
    'bg-accent text-on-accent hover:bg-accent-strong active:brightness-95 shadow-[0_4px_16px_-6px_var(--panalo-accent)]',
  brand: 'bg-brand text-on-brand hover:bg-brand-strong active:brightness-95',
  secondary: 'bg-raised text-text hover:bg-raised-strong border border-line',
  ghost: 'bg-transparent text-text hover:bg-raised',
};

const sizeClasses: Record<ButtonSize, string> = {
  // 44 px is the minimum tap target (DESIGN.md); the small size keeps it on phones.
  md: 'min-h-11 px-5 text-sm',
  sm: 'min-h-11 px-2.5 text-sm md:min-h-10 md:px-3',
};

export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return joinClassNames(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap select-none',
    'transition-[background-color,filter,transform] duration-150 ease-out active:scale-[0.98]',
    'disabled:cursor-not-allowed disabled:opacity-50',
    variantClasses[variant],
    sizeClasses[size],
    extra,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
};

export function Button({ variant, size, icon, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName(variant, size, className)} {...rest}>
      {icon}
      {children}
    </button>
  );
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string; badge?: number };

/** A square 44 px button with an accessible name; the icon is decoration. */
export function IconButton({ label, badge, className, children, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={joinClassNames(
        'relative inline-grid size-11 shrink-0 place-items-center rounded-md text-muted transition-colors duration-150',
        'hover:bg-raised hover:text-text active:scale-95',
        className,
      )}
      {...rest}
    >
      {children}
      <CountBadge count={badge} className="absolute top-1.5 right-1.5 min-w-4 text-[10px] leading-4" />
    </button>
  );
}
