import { useSelector } from '@xstate/react';
import { t } from '../../i18n';
import { Callout } from '../ui/callout';
import { IconButton } from '../ui/button';
import type { AnyListActor } from './types';

/** What the last save or delete did ("Tag “Vaccines” created"), announced politely, until dismissed or replaced. */
export function ListNotice<Item extends { id: string }, V extends object>({ actor }: { actor: AnyListActor<Item, V> }) {
  const notice = useSelector(actor, (st) => st.context.notice);
  if (!notice) return null;
  return (
    <Callout tone="success" role="status" action={<IconButton size="sm" label={t('notice.dismiss')} icon="✕" onClick={() => actor.send({ type: 'notice.dismiss' })} />}>
      {t(notice.key, notice.params)}
    </Callout>
  );
}
