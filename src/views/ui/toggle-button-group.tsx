import { useId } from 'react';
import { Button } from './button';
import { Cluster } from './layout';
import * as f from './form.css';

export interface ToggleOption<T extends string | number> {
  value: T;
  label: string;
}

export interface ToggleButtonGroupProps<T extends string | number> {
  /** The group's visible label and accessible name. */
  label: string;
  options: readonly ToggleOption<T>[];
  /** The pressed choice; null when none is (another control decided instead). */
  value: T | null;
  onChange(value: T): void;
}

/**
 * A labelled row of small buttons of which one is pressed (a chart's "Last 7 days"): each says `aria-pressed`, so the
 * choice is heard, not only seen. Spaced like a form field, so in a row of fields its buttons line up with their controls.
 */
export function ToggleButtonGroup<T extends string | number>({ label, options, value, onChange }: ToggleButtonGroupProps<T>) {
  const labelId = useId();
  return (
    <div className={f.field} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={f.label}>
        {label}
      </span>
      <Cluster gap="xs">
        {options.map((o) => {
          const on = o.value === value;
          return (
            <Button key={o.value} size="sm" variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => onChange(o.value)}>
              {o.label}
            </Button>
          );
        })}
      </Cluster>
    </div>
  );
}
