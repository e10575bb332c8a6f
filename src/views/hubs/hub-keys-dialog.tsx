import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import { hubKeysMachine, type HubKeysActor, type KeysHub } from '../../machines/hub-keys.machine';
import type { HubApiKey } from '../../api/hub-keys.api';
import { DialogActions, Modal } from '../ui/dialog';
import { InputField } from '../ui/form-field';
import { Button } from '../ui/button';
import { Cluster, Muted, Stack } from '../ui/layout';
import { StatusBadge } from '../ui/status-badge';
import { ErrorState, LoadingState } from '../ui/states';
import { SecretOnce } from '../ui/secret-once';
import { ConfirmDelete, InlineForm, ListNotice } from '../list-and-form/resource-screen';
import * as tb from '../ui/list.css';

const labelOf = (key: { label: string }) => key.label || t('hubs.keyNoLabel');

/**
 * A hub's API keys: the list with Revoke per live key, a form for a new key, and the new key's secret shown once. Its
 * machine lives as long as the dialog: closing it forgets the secret.
 */
export function HubKeysDialog({ hub, onClose }: { hub: KeysHub; onClose: () => void }) {
  const actor = useActorRef(hubKeysMachine, { input: { scope: hub } });
  return (
    <>
      <Modal title={t('hubs.keysTitle', { name: hub.name })} onClose={onClose}>
        <Stack gap="md">
          <ListNotice actor={actor} />
          <KeyList actor={actor} />
          <CreatedKey actor={actor} />
          <InlineForm actor={actor} label={t('hubs.newKey')} submit={t('hubs.create')} busy={t('hubs.creating')}>
            {(f) => <InputField label={t('hubs.keyLabel')} hint={t('hubs.keyLabelHint')} maxLength={200} {...f.text('label')} />}
          </InlineForm>
        </Stack>
        <DialogActions>
          <Button onClick={onClose}>{t('manage.close')}</Button>
        </DialogActions>
      </Modal>
      {/* A sibling, not a child, of the keys dialog: Escape here cancels the revoke without closing that one. */}
      <ConfirmDelete
        actor={actor}
        nameOf={labelOf}
        words={{ title: (key) => t('hubs.revokeTitle', { label: labelOf(key) }), body: () => t('hubs.revokeBody'), confirm: t('hubs.revoke'), working: t('hubs.revoking') }}
      />
    </>
  );
}

function KeyList({ actor }: { actor: HubKeysActor }) {
  const keys = useSelector(actor, (st) => st.context.rows);
  const loading = useSelector(actor, (st) => st.matches({ list: 'loading' }) && st.context.rows.length === 0);
  const failure = useSelector(actor, (st) => (st.matches({ list: 'failed' }) ? st.context.listFailure : null));
  if (loading) return <LoadingState label={t('hubs.keysLoading')} variant="inline" />;
  if (failure) return <ErrorState compact message={t(failure.key, failure.params)} action={<Button onClick={() => actor.send({ type: 'list.reload' })}>{t('manage.retry')}</Button>} />;
  if (!keys.length) return <Muted as="p">{t('hubs.keysEmpty')}</Muted>;
  return (
    <div className={tb.card}>
      <table className={tb.table} aria-label={t('hubs.keyList')}>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} item={key} onRevoke={() => actor.send({ type: 'delete.ask', id: key.id })} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ item, onRevoke }: { item: HubApiKey; onRevoke: () => void }) {
  return (
    <tr>
      <th scope="row" className={tb.td}>
        <Stack gap="xs">
          <strong>{labelOf(item)}</strong>
          <Muted small>{t('hubs.keyCreated', { date: formatDate(new Date(item.createdAt)) })}</Muted>
        </Stack>
      </th>
      <td className={tb.td}>
        {item.revokedAt ? (
          <StatusBadge variant="inline" status="offline" label={t('hubs.keyRevoked', { date: formatDate(new Date(item.revokedAt)) })} />
        ) : (
          <Cluster gap="sm" justify="end">
            <StatusBadge variant="inline" status="ok" label={t('hubs.keyLive')} />
            <Button size="sm" aria-label={t('hubs.revokeOf', { label: labelOf(item) })} onClick={onRevoke}>
              {t('hubs.revoke')}
            </Button>
          </Cluster>
        )}
      </td>
    </tr>
  );
}

/** The secret of the key just created: the create answer is the only place it ever appears. */
function CreatedKey({ actor }: { actor: HubKeysActor }) {
  const created = useSelector(actor, (st) => st.context.created);
  const copied = useSelector(actor, (st) => st.context.copied);
  if (!created || !('key' in created)) return null;
  const copy = () => {
    // Without clipboard access (an insecure origin, a refused permission) the read-only field can still be selected.
    void navigator.clipboard?.writeText(created.key).then(() => actor.send({ type: 'created.copied' }), () => undefined);
  };
  return (
    <SecretOnce label={t('hubs.createdKey', { label: labelOf(created) })} value={created.key} warning={t('hubs.keyOnce')} copyLabel={t('hubs.copy')} onCopy={copy}>
      {copied && <span role="status">{t('hubs.copied')}</span>}
    </SecretOnce>
  );
}
