import { useId } from 'react';
import { t } from '../../i18n';
import { DialogActions, Modal } from '../ui/dialog';
import { Callout } from '../ui/callout';
import { Button } from '../ui/button';
import { useFormBinding } from './form-binding';
import type { ResourceScreenProps } from './types';
import * as r from './screen.css';

/** The screen's form, in a dialog: the resource's fields bound to the machine's form region, Cancel and Save. */
export function FormDialog<Item extends { id: string }, V extends object>({ actor, labels, saveLabel, form }: ResourceScreenProps<Item, V>) {
  const { bind, editing, failure, saving, submit } = useFormBinding(actor);
  const failureId = useId();
  if (!bind) return null;
  return (
    <Modal title={labels.form?.(editing) ?? ''} onClose={() => actor.send({ type: 'form.cancel' })}>
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
            {saving ? t('manage.saving') : (saveLabel?.(editing) ?? t('manage.save'))}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}
