import type { LucideIcon } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './button';

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; icon?: LucideIcon };

/** A link that looks like a button, its icon (if any) before the words as decoration. */
export function ButtonLink({ variant, size, icon: Icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName(variant, size, className as string | undefined)} {...rest}>
      {Icon ? <Icon size={18} aria-hidden="true" /> : null}
      {children}
    </Link>
  );
}
