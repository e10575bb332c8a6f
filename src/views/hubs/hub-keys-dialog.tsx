import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import type { HubKeysActor } from '../../machines/hub-keys.machine';
import type { HubApiKey } from '../../api/hub-keys.api';
import { ConfirmDialog, DialogActions, Modal } from '../ui/dialog';
import { InputField } from '../ui/form-field';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { Cluster, Muted, Stack } from '../ui/layout';
import { StatusBadge } from '../ui/status-badge';
import { ErrorState, LoadingState } from '../ui/states';
import { SecretOnce } from '../ui/secret-once';
import * as tb from '../ui/list.css';

const labelOf = (key: { label: string }) => key.label || t('hubs.keyNoLabel');

export interface HubKeysDialogProps {
  /** The dialog's machine; the dialog shows while it is open. */
  actor: HubKeysActor;
  /** After the dialog closed (the hubs list reloads its key counts). */
  onClosed: () => void;
}

/** A hub's API keys: the list with Revoke per live key, a form for a new key, and the new key's secret shown once. */
export function HubKeysDialog({ actor, onClosed }: HubKeysDialogProps) {
  const hub = useSelector(actor, (st) => st.context.hub);
  const confirming = useSelector(actor, (st) => st.context.confirming);
  if (!hub) return null;
  const close = () => {
    actor.send({ type: 'keys.close' });
    onClosed();
  };
  return (
    <>
      <Modal title={t('hubs.keysTitle', { name: hub.name })} onClose={close}>
        <Stack gap="md">
          <KeyList actor={actor} />
          <CreatedKey actor={actor} />
          <NewKeyForm actor={actor} />
        </Stack>
        <DialogActions>
          <Button onClick={close}>{t('manage.close')}</Button>
        </DialogActions>
      </Modal>
      {/* A sibling, not a child, of the keys dialog: Escape here cancels the revoke without closing that one. */}
      {confirming && <ConfirmRevoke actor={actor} />}
    </>
  );
}

function KeyList({ actor }: { actor: HubKeysActor }) {
  const keys = useSelector(actor, (st) => st.context.keys);
  const loading = useSelector(actor, (st) => st.matches({ open: 'loading' }));
  const failure = useSelector(actor, (st) => (st.matches({ open: 'failed' }) ? st.context.listFailure : null));
  if (loading) return <LoadingState label={t('hubs.keysLoading')} variant="inline" />;
  if (failure) return <ErrorState compact message={t(failure.key, failure.params)} action={<Button onClick={() => actor.send({ type: 'keys.reload' })}>{t('manage.retry')}</Button>} />;
  if (!keys.length) return <Muted as="p">{t('hubs.keysEmpty')}</Muted>;
  return (
    <div className={tb.card}>
      <table className={tb.table} aria-label={t('hubs.keyList')}>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} item={key} onRevoke={() => actor.send({ type: 'revoke.ask', id: key.id })} />
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
  if (!created) return null;
  const copy = () => {
    // Without clipboard access (an insecure origin, a refused permission) the read-only field can still be selected.
    void navigator.clipboard?.writeText(created.key).then(() => actor.send({ type: 'key.copied' }), () => undefined);
  };
  return (
    <SecretOnce label={t('hubs.createdKey', { label: labelOf(created) })} value={created.key} warning={t('hubs.keyOnce')} copyLabel={t('hubs.copy')} onCopy={copy}>
      {copied && <span role="status">{t('hubs.copied')}</span>}
    </SecretOnce>
  );
}

function NewKeyForm({ actor }: { actor: HubKeysActor }) {
  const label = useSelector(actor, (st) => st.context.label);
  const creating = useSelector(actor, (st) => st.matches({ open: 'creating' }));
  const ready = useSelector(actor, (st) => st.matches({ open: 'ready' }) || st.matches({ open: 'creating' }));
  const failure = useSelector(actor, (st) => st.context.createFailure);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'key.create' });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('hubs.newKey')}>
      {failure && (
        <Callout role="alert" tone="error">
          {t(failure.key, failure.params)}
        </Callout>
      )}
      <InputField
        label={t('hubs.keyLabel')}
        hint={t('hubs.keyLabelHint')}
        maxLength={200}
        value={label}
        onChange={(value) => actor.send({ type: 'label.change', value })}
        onBlur={() => undefined}
      />
      <div>
        <Button type="submit" variant="primary" disabled={!ready} busy={creating}>
          {creating ? t('hubs.creating') : t('hubs.create')}
        </Button>
      </div>
    </form>
  );
}

/** Asks before a revoke; a failure is shown here and the revoke can be tried again. */
function ConfirmRevoke({ actor }: { actor: HubKeysActor }) {
  const key = useSelector(actor, (st) => st.context.confirming);
  const failure = useSelector(actor, (st) => st.context.revokeFailure);
  const revoking = useSelector(actor, (st) => st.matches({ open: 'revoking' }));
  if (!key) return null;
  return (
    <ConfirmDialog
      title={t('hubs.revokeTitle', { label: labelOf(key) })}
      body={t('hubs.revokeBody')}
      confirm={t('hubs.revoke')}
      working={t('hubs.revoking')}
      cancel={t('manage.cancel')}
      busy={revoking}
      failure={failure && t(failure.key, failure.params)}
      onConfirm={() => actor.send({ type: 'revoke.confirm' })}
      onCancel={() => actor.send({ type: 'revoke.cancel' })}
    />
  );
}
