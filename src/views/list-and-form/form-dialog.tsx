import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { t } from '../../i18n';
import type { FieldErrors } from '../../machines/form';
import { DialogActions, Modal } from '../ui/dialog';
import { Callout } from '../ui/callout';
import { Button } from '../ui/button';
import type { FormBinding, ResourceScreenProps } from './types';
import * as r from './screen.css';

/** The screen's form, in a dialog: the resource's fields bound to the machine's form region, Cancel and Save. */
export function FormDialog<Item extends { id: string }, V extends object>({ actor, labels, saveLabel, form }: ResourceScreenProps<Item, V>) {
  const values = useSelector(actor, (st) => st.context.form?.values);
  const shown = useSelector(actor, (st) => st.context.form?.errors);
  const serverErrors = useSelector(actor, (st) => st.context.serverErrors);
  const editing = useSelector(actor, (st) => st.context.editing);
  const failure = useSelector(actor, (st) => st.context.formFailure);
  const saving = useSelector(actor, (st) => st.matches({ form: 'saving' }));
  const lookups = useSelector(actor, (st) => st.context.lookups);
  const failureId = useId();
  if (!values) return null;
  type F = keyof V & string;
  const errors = { ...shown, ...serverErrors } as FieldErrors<F>;
  const bind: FormBinding<V> = {
    values,
    errors,
    editing: editing !== null,
    choices: (name) => lookups[name] ?? [],
    change: (field, value) => actor.send({ type: 'form.change', field, value }),
    blur: (field) => actor.send({ type: 'form.blur', field }),
    text: (field) => ({
      value: String(values[field as keyof V] ?? ''),
      messages: errors[field],
      onChange: (v: string) => actor.send({ type: 'form.change', field, value: v }),
      onBlur: () => actor.send({ type: 'form.blur', field }),
    }),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
    // A refused submit marks its fields; the first of them takes focus once they render.
    requestAnimationFrame(() => (e.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  return (
    <Modal title={labels.form?.(editing as Item | null) ?? ''} onClose={() => actor.send({ type: 'form.cancel' })}>
      <form onSubmit={submit} noValidate aria-describedby={failure ? failureId : undefined} className={r.form}>
        {failure && (
          <Callout id={failureId} role="alert" tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        {form(bind)}
        <DialogActions>
          <Button onClick={() => actor.send({ type: 'form.cancel' })}>{t('manage.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? t('manage.saving') : (saveLabel?.(editing as Item | null) ?? t('manage.save'))}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}
