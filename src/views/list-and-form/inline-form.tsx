import { useId, type ReactNode } from 'react';
import { t } from '../../i18n';
import { Callout } from '../ui/callout';
import { Button } from '../ui/button';
import { Stack } from '../ui/layout';
import { useFormBinding } from './form-binding';
import type { AnyListActor, FormBinding } from './types';

/**
 * A form that is part of the screen (a hub's new key, a site's new link, a new scheduled export): the machine keeps it
 * open (`inline`), and after a save it is there again, empty. The submit button says what it makes.
 */
export function InlineForm<Item extends { id: string }, V extends object>({ actor, label, submit: submitLabel, busy, children }: {
  actor: AnyListActor<Item, V>;
  /** The form's accessible name ("New key"). */
  label: string;
  /** The submit button's words ("Create key") and the words while it works ("Creating…"). */
  submit: string;
  busy?: string;
  children: (bind: FormBinding<V>) => ReactNode;
}) {
  const { bind, failure, saving, submit } = useFormBinding(actor);
  const failureId = useId();
  if (!bind) return null;
  return (
    <form onSubmit={submit} noValidate aria-label={label} aria-describedby={failure ? failureId : undefined}>
      <Stack gap="sm">
        {failure && (
          <Callout id={failureId} role="alert" tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        {children(bind)}
        <div>
          <Button type="submit" variant="primary" busy={saving}>
            {saving && busy ? busy : submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
