import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import type { HubKeysActor } from '../../machines/hub-keys.machine';
import type { HubApiKey } from '../../api/hub-keys.api';
import { DialogActions, Modal } from '../ui/dialog';
import { FormField, InputField } from '../ui/form-field';
import * as c from '../ui/controls.css';
import * as s from '../ui/styles.css';
import * as h from './hubs.css';

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
        <div className={h.keysBody}>
          <KeyList actor={actor} />
          <CreatedKey actor={actor} />
          <NewKeyForm actor={actor} />
        </div>
        <DialogActions>
          <button type="button" className={c.button} onClick={close}>
            {t('manage.close')}
          </button>
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
  if (loading) return <p role="status">{t('hubs.keysLoading')}</p>;
  if (failure) {
    return (
      <p className={s.errorText}>
        <span role="alert">{t(failure.key, failure.params)}</span>{' '}
        <button type="button" className={c.button} onClick={() => actor.send({ type: 'keys.reload' })}>
          {t('manage.retry')}
        </button>
      </p>
    );
  }
  if (!keys.length) return <p>{t('hubs.keysEmpty')}</p>;
  return (
    <ul className={h.keyList} aria-label={t('hubs.keyList')}>
      {keys.map((key) => (
        <KeyRow key={key.id} item={key} onRevoke={() => actor.send({ type: 'revoke.ask', id: key.id })} />
      ))}
    </ul>
  );
}

function KeyRow({ item, onRevoke }: { item: HubApiKey; onRevoke: () => void }) {
  return (
    <li className={h.keyRow}>
      <span className={h.keyMeta}>
        <strong>{labelOf(item)}</strong>
        <span className={h.keyDate}>{t('hubs.keyCreated', { date: formatDate(new Date(item.createdAt)) })}</span>
      </span>
      {item.revokedAt ? (
        <span className={h.revoked}>{t('hubs.keyRevoked', { date: formatDate(new Date(item.revokedAt)) })}</span>
      ) : (
        <span className={h.newKeyRow}>
          <span className={h.live}>{t('hubs.keyLive')}</span>
          <button type="button" className={c.button} aria-label={t('hubs.revokeOf', { label: labelOf(item) })} onClick={onRevoke}>
            {t('hubs.revoke')}
          </button>
        </span>
      )}
    </li>
  );
}

/** The secret of the key just created: the create answer is the only place it ever appears. */
function CreatedKey({ actor }: { actor: HubKeysActor }) {
  const created = useSelector(actor, (st) => st.context.created);
  const copied = useSelector(actor, (st) => st.context.copied);
  const warningId = useId();
  if (!created) return null;
  const copy = () => {
    // Without clipboard access (an insecure origin, a refused permission) the read-only field can still be selected.
    void navigator.clipboard?.writeText(created.key).then(() => actor.send({ type: 'key.copied' }), () => undefined);
  };
  return (
    <div className={h.secret}>
      <p id={warningId} className={h.warning}>
        {t('hubs.keyOnce')}
      </p>
      <FormField
        label={t('hubs.createdKey', { label: labelOf(created) })}
        describedBy={[warningId]}
        control={(p) => (
          <span className={h.newKeyRow}>
            <input
              id={p.id}
              className={`${s.input} ${h.secretInput}`}
              readOnly
              value={created.key}
              aria-describedby={p.describedBy}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className={c.button} onClick={copy}>
              {t('hubs.copy')}
            </button>
          </span>
        )}
      >
        {copied && <span role="status">{t('hubs.copied')}</span>}
      </FormField>
    </div>
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
    <form className={h.newKey} onSubmit={submit} noValidate aria-label={t('hubs.newKey')}>
      {failure && (
        <p role="alert" className={s.errorText}>
          {t(failure.key, failure.params)}
        </p>
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
        <button type="submit" className={c.primary} disabled={!ready || creating}>
          {creating ? t('hubs.creating') : t('hubs.create')}
        </button>
      </div>
    </form>
  );
}

/** Asks before a revoke; a failure is shown here and the revoke can be tried again. */
function ConfirmRevoke({ actor }: { actor: HubKeysActor }) {
  const key = useSelector(actor, (st) => st.context.confirming);
  const failure = useSelector(actor, (st) => st.context.revokeFailure);
  const revoking = useSelector(actor, (st) => st.matches({ open: 'revoking' }));
  const bodyId = useId();
  if (!key) return null;
  return (
    <Modal title={t('hubs.revokeTitle', { label: labelOf(key) })} role="alertdialog" describedBy={bodyId} onClose={() => actor.send({ type: 'revoke.cancel' })}>
      <p id={bodyId}>{t('hubs.revokeBody')}</p>
      {failure && (
        <p role="alert" className={s.errorText}>
          {t(failure.key, failure.params)}
        </p>
      )}
      <DialogActions>
        <button type="button" className={c.button} onClick={() => actor.send({ type: 'revoke.cancel' })}>
          {t('manage.cancel')}
        </button>
        <button type="button" className={c.danger} disabled={revoking} data-autofocus onClick={() => actor.send({ type: 'revoke.confirm' })}>
          {revoking ? t('hubs.revoking') : t('hubs.revoke')}
        </button>
      </DialogActions>
    </Modal>
  );
}
