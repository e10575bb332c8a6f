import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import * as c from './controls.css';
import { buttonIcon } from './button.css';

export type ButtonVariant = 'quiet' | 'secondary' | 'primary' | 'danger' | 'dangerQuiet';
type Size = 'sm' | 'md' | 'lg';

const VARIANT: Record<ButtonVariant, string> = { quiet: c.button, secondary: c.secondary, primary: c.primary, danger: c.danger, dangerQuiet: c.dangerQuiet };

/** The class of a button look, for the rare control that is not a <button> (a file input's label). */
export const buttonClass = (variant: ButtonVariant = 'quiet', size: Size = 'md', block = false) => [VARIANT[variant], c.size[size], block ? c.block : ''].join(' ');

interface ButtonBaseProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `quiet` (default) for most actions; `primary` for the one a screen leads with; `danger` to destroy. */
  variant?: ButtonVariant;
  size?: Size;
  /** Full width (the auth cards). */
  block?: boolean;
  /** Working: disabled and marked busy, so a second press sends nothing. */
  busy?: boolean;
}

/**
 * A button's props. `icon` (an `<Icon>` from ./icons, imported by the screen that draws it) goes before the words, at
 * the start of the line in either direction, hidden from screen readers; without words the button needs an aria-label.
 */
export type ButtonProps = ButtonBaseProps & ({ icon?: undefined } | { icon: ReactNode; children: ReactNode } | { icon: ReactNode; children?: undefined; 'aria-label': string });

/** The product's button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'quiet', size = 'md', block, busy, type = 'button', className, disabled, icon, children, ...rest }, ref) {
  return (
    <button ref={ref} type={type} className={[buttonClass(variant, size, block), icon && children == null ? `${c.iconButton} ${c.iconSize[size]}` : '', className ?? ''].join(' ')} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {icon ? (
        <>
          <span aria-hidden="true" className={buttonIcon}>
            {icon}
          </span>
          {children}
        </>
      ) : (
        children
      )}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name: the symbol alone says nothing to a screen reader. */
  label: string;
  /** The symbol shown (decoration). */
  icon: ReactNode;
  size?: Size;
  variant?: 'quiet' | 'secondary';
}

/** A square button showing one symbol; `label` is its name and its tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, icon, size = 'md', variant = 'quiet', className, title, ...rest }, ref) {
  return (
    <button ref={ref} type="button" aria-label={label} title={title ?? label} className={[VARIANT[variant], c.iconButton, c.size[size], c.iconSize[size], className ?? ''].join(' ')} {...rest}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
});

/** A link that looks like a button (BACK HOME, Sign in after sign-up). */
export function ButtonLink({ href, variant = 'quiet', size = 'md', block, children, ...aria }: {
  href: string;
  variant?: ButtonVariant;
  size?: Size;
  block?: boolean;
  children: ReactNode;
  /** A fuller name where the words shown lean on the row around them ("Dashboard" in a company's row). */
  'aria-label'?: string;
}) {
  return (
    <Link href={href} className={buttonClass(variant, size, block)} {...aria}>
      {children}
    </Link>
  );
}
