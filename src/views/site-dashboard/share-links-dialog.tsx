import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import { siteSharesMachine, shareState, SHARE_DAYS_MAX, SHARE_DAYS_MIN, type SiteSharesActor } from '../../machines/site-shares.machine';
import { Modal } from '../ui/dialog';
import { Button } from '../ui/button';
import { InputField } from '../ui/form-field';
import { Muted, Stack } from '../ui/layout';
import { StatusBadge } from '../ui/status-badge';
import { SecretOnce } from '../ui/secret-once';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { PlainTable } from '../ui/plain-table';
import { ConfirmDelete, InlineForm, ListNotice } from '../list-and-form/resource-screen';

const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Read-only links to this site's dashboard (docs/product.md, Share links): make one valid 1–90 days — its address is
 * shown once, to copy — and revoke any, at once. Someone with the link sees this site only, without signing in.
 */
export function ShareLinksDialog({ siteId, siteName, onClose }: { siteId: string; siteName: string; onClose(): void }) {
  const actor = useActorRef(siteSharesMachine, { input: { scope: siteId } });
  const confirming = useSelector(actor, (s) => s.context.confirming !== null);
  return (
    <>
      {/* The confirmation takes the dialog's place: two modal dialogs at once would trap focus twice. */}
      {!confirming && (
        <Modal title={t('shares.title', { site: siteName })} onClose={onClose}>
          <Stack gap="sm">
            <Muted small as="p">{t('shares.intro')}</Muted>
            <ListNotice actor={actor} />
            <InlineForm actor={actor} label={t('shares.create')} submit={t('shares.create')}>
              {(f) => <InputField label={t('shares.days', { min: SHARE_DAYS_MIN, max: SHARE_DAYS_MAX })} inputMode="numeric" {...f.text('expiresInDays')} />}
            </InlineForm>
            <CreatedLink actor={actor} />
            <ShareList actor={actor} />
            <div>
              <Button onClick={onClose}>{t('shares.close')}</Button>
            </div>
          </Stack>
        </Modal>
      )}
      <ConfirmDelete
        actor={actor}
        nameOf={(s) => when(s.createdAt)}
        words={{ title: () => t('shares.revokeTitle'), body: (s) => t('shares.revokeBody', { until: when(s.expiresAt) }), confirm: t('shares.revoke'), working: t('shares.revoke') }}
      />
    </>
  );
}

/** The link just made: its address holds the token, and this is the only time it is shown. */
function CreatedLink({ actor }: { actor: SiteSharesActor }) {
  const created = useSelector(actor, (s) => s.context.created);
  if (!created || !('url' in created)) return null;
  return (
    <SecretOnce
      label={t('shares.link')}
      value={created.url}
      warning={t('shares.created', { until: when(created.expiresAt) })}
      copyLabel={t('shares.copy')}
      // Without clipboard access the read-only field can still be selected and copied by hand.
      onCopy={() => void navigator.clipboard?.writeText(created.url).then(() => actor.send({ type: 'created.copied' }), () => undefined)}
    />
  );
}

function ShareList({ actor }: { actor: SiteSharesActor }) {
  const shares = useSelector(actor, (s) => s.context.rows);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }) && s.context.rows.length === 0);
  const failure = useSelector(actor, (s) => (s.matches({ list: 'failed' }) ? s.context.listFailure : null));
  const now = Date.now();
  if (loading) return <LoadingState label={t('shares.loading')} variant="inline" />;
  if (failure) return <ErrorState compact message={t(failure.key, failure.params)} action={<Button onClick={() => actor.send({ type: 'list.reload' })}>{t('shares.retry')}</Button>} />;
  if (shares.length === 0) return <EmptyState compact title={t('shares.empty')} />;
  return (
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
              <Button size="sm" variant="dangerQuiet" onClick={() => actor.send({ type: 'delete.ask', id: s.id })} aria-label={t('shares.revokeOne', { created: when(s.createdAt) })}>
                {t('shares.revoke')}
              </Button>
            ),
        },
      ]}
    />
  );
}
