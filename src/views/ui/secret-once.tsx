import { useId, type ReactNode } from 'react';
import { Callout } from './callout';
import { FormField } from './form-field';
import { Button } from './button';
import { Cluster } from './layout';
import * as s from './form.css';
import * as r from './list-parts.css';

/**
 * A secret the server shows once (a hub's API key, a share link): a warning that it will not be shown again, the value
 * in a read-only field that selects itself on focus, and Copy where the browser allows it.
 */
export function SecretOnce({ label, value, warning, copyLabel, onCopy, children }: {
  label: string;
  value: string;
  warning: string;
  copyLabel?: string;
  /** Copy pressed: the view writes to the clipboard and tells its machine. */
  onCopy?: () => void;
  /** What follows the field (the "copied" status). */
  children?: ReactNode;
}) {
  const warningId = useId();
  return (
    <Callout tone="warning">
      <span id={warningId}>{warning}</span>
      <FormField
        label={label}
        describedBy={[warningId]}
        control={(p) => (
          <Cluster gap="sm">
            <input id={p.id} className={`${s.input} ${r.secret}`} readOnly value={value} aria-describedby={p.describedBy} onFocus={(e) => e.currentTarget.select()} />
            {onCopy && copyLabel && <Button onClick={onCopy}>{copyLabel}</Button>}
          </Cluster>
        )}
      >
        {children}
      </FormField>
    </Callout>
  );
}
