import { type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import { siteSharesMachine, shareState, SHARE_DAYS_MAX, SHARE_DAYS_MIN } from '../../machines/site-shares.machine';
import { ConfirmDialog, Modal } from '../ui/dialog';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { InputField } from '../ui/form-field';
import { Cluster, Muted, Stack } from '../ui/layout';
import { StatusBadge } from '../ui/status-badge';
import { SecretOnce } from '../ui/secret-once';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { PlainTable } from '../ui/plain-table';

const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Read-only links to this site's dashboard (docs/product.md, Share links): make one valid 1–90 days — its address is
 * shown once, to copy — and revoke any, at once. Someone with the link sees this site only, without signing in.
 */
export function ShareLinksDialog({ siteId, siteName, onClose }: { siteId: string; siteName: string; onClose(): void }) {
  const actor = useActorRef(siteSharesMachine, { input: { siteId } });
  const shares = useSelector(actor, (s) => s.context.shares);
  const days = useSelector(actor, (s) => s.context.days);
  const daysErrors = useSelector(actor, (s) => s.context.daysErrors);
  const created = useSelector(actor, (s) => s.context.created);
  const failure = useSelector(actor, (s) => s.context.failure);
  const actionFailure = useSelector(actor, (s) => s.context.actionFailure);
  const revoking = useSelector(actor, (s) => (s.matches('confirming') ? s.context.revoking : null));
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.shares.length === 0);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.matches('creating') || s.matches('revoking'));
  const now = Date.now();
  const create = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'shares.create' });
  };
  if (revoking) {
    return (
      <ConfirmDialog
        title={t('shares.revokeTitle')}
        body={t('shares.revokeBody', { until: when(revoking.expiresAt) })}
        confirm={t('shares.revoke')}
        cancel={t('shares.cancel')}
        busy={busy}
        onConfirm={() => actor.send({ type: 'shares.revoke' })}
        onCancel={() => actor.send({ type: 'shares.revokeCancel' })}
      />
    );
  }
  return (
    <Modal title={t('shares.title', { site: siteName })} onClose={onClose}>
      <Stack gap="sm">
        <Muted small as="p">{t('shares.intro')}</Muted>
        {actionFailure && <Callout tone="error" role="alert">{t(actionFailure.key, actionFailure.params)}</Callout>}
        <form onSubmit={create} noValidate>
          <Cluster gap="sm" align="end">
            <InputField label={t('shares.days', { min: SHARE_DAYS_MIN, max: SHARE_DAYS_MAX })} inputMode="numeric" value={days} messages={daysErrors} onChange={(value) => actor.send({ type: 'shares.days', value })} />
            <Button type="submit" variant="primary" busy={busy}>
              {t('shares.create')}
            </Button>
          </Cluster>
        </form>
        {created && (
          <SecretOnce
            label={t('shares.link')}
            value={created.url}
            warning={t('shares.created', { until: when(created.expiresAt) })}
            copyLabel={t('shares.copy')}
            // Without clipboard access the read-only field can still be selected and copied by hand.
            onCopy={() => void navigator.clipboard?.writeText(created.url).catch(() => undefined)}
          />
        )}
        {loading ? (
          <LoadingState label={t('shares.loading')} variant="inline" />
        ) : failed ? (
          <ErrorState compact message={t(failure?.key ?? 'failure.unknown')} action={<Button onClick={() => actor.send({ type: 'shares.retry' })}>{t('shares.retry')}</Button>} />
        ) : shares.length === 0 ? (
          <EmptyState compact title={t('shares.empty')} />
        ) : (
          <PlainTable
            label={t('shares.table')}
            rows={shares}
            rowKey={(s) => s.id}
            columns={[
              { id: 'created', header: t('shares.col.created'), cell: (s) => when(s.createdAt) },
              { id: 'by', header: t('shares.col.by'), cell: (s) => s.createdByName ?? '—' },
              { id: 'expires', header: t('shares.col.expires'), cell: (s) => when(s.expiresAt) },
              {
                id: 'state',
                header: t('shares.col.state'),
                cell: (s) => {
                  const state = shareState(s, now);
                  return <StatusBadge variant="inline" status={state === 'active' ? 'ok' : 'offline'} label={t(`shares.state.${state}`)} />;
                },
              },
              {
                id: 'actions',
                header: t('shares.col.actions'),
                quietHeader: true,
                cell: (s) =>
                  shareState(s, now) === 'active' && (
                    <Button size="sm" variant="dangerQuiet" onClick={() => actor.send({ type: 'shares.revokeAsk', id: s.id })} aria-label={t('shares.revokeOne', { created: when(s.createdAt) })}>
                      {t('shares.revoke')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
        <div>
          <Button onClick={onClose}>{t('shares.close')}</Button>
        </div>
      </Stack>
    </Modal>
  );
}
