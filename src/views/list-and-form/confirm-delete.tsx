import { useSelector } from '@xstate/react';
import { t } from '../../i18n';
import { ConfirmDialog } from '../ui/dialog';
import type { AnyListActor } from './types';

/** The confirmation's words when the removal is not a delete (a key or a link is revoked). */
export interface RemovalWords<Item> {
  title(item: Item): string;
  body(item: Item): string;
  confirm: string;
  working: string;
}

/** Asks before a delete; a refusal (409 in use) is shown here, naming what still uses the row. */
export function ConfirmDelete<Item extends { id: string }, V extends object>({ actor, nameOf, words }: { actor: AnyListActor<Item, V>; nameOf: (item: Item) => string; words?: RemovalWords<Item> }) {
  const item: Item | null = useSelector(actor, (st) => st.context.confirming);
  const failure = useSelector(actor, (st) => st.context.deleteFailure);
  const deleting = useSelector(actor, (st) => st.matches({ remove: 'deleting' }));
  if (!item) return null;
  return (
    <ConfirmDialog
      title={words ? words.title(item) : t('manage.confirmTitle', { name: nameOf(item) })}
      body={words ? words.body(item) : t('manage.confirmBody')}
      confirm={words?.confirm ?? t('manage.confirm')}
      working={words?.working ?? t('manage.deleting')}
      cancel={t('manage.cancel')}
      busy={deleting}
      failure={failure && t(failure.key, failure.params)}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    />
  );
}
