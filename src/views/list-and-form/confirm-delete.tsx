import { useSelector } from '@xstate/react';
import { t } from '../../i18n';
import type { ListAndFormActor, ListAndFormContext } from '../../machines/list-and-form.machine';
import { ConfirmDialog } from '../ui/dialog';

/** Asks before a delete; a refusal (409 in use) is shown here, naming what still uses the row. */
export function ConfirmDelete<Item extends { id: string }, V extends object>({ actor, nameOf }: { actor: ListAndFormActor<Item, V, unknown>; nameOf: (item: Item) => string }) {
  const item = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.confirming);
  const failure = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.deleteFailure);
  const deleting = useSelector(actor, (st) => st.matches({ remove: 'deleting' }));
  if (!item) return null;
  return (
    <ConfirmDialog
      title={t('manage.confirmTitle', { name: nameOf(item) })}
      body={t('manage.confirmBody')}
      confirm={t('manage.confirm')}
      working={t('manage.deleting')}
      cancel={t('manage.cancel')}
      busy={deleting}
      failure={failure && t(failure.key, failure.params)}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    />
  );
}
