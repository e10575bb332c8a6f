import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import type { ExportJob } from '../../api/contract/exports';
import { Modal } from '../ui/dialog';
import type { SiteView } from '../../machines/site-view';
import { ExportSchedulesSection } from './export-schedules-section';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { Muted, Stack } from '../ui/layout';
import { StatusBadge, type Status } from '../ui/status-badge';
import { EmptyState, LoadingState } from '../ui/states';
import { PlainTable } from '../ui/plain-table';
import * as c from '../ui/controls.css';

const STATUS: Record<ExportJob['status'], Status> = { Pending: 'info', Sent: 'ok', Error: 'error' };
const askedAt = (j: ExportJob) => formatDate(new Date(j.createdAt), { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The user's export jobs (docs/product.md, Exports): status, a progress bar while the worker writes, rows, and the file once Sent. The
 * jobs move live (the stream), so a job asked for a moment ago fills its bar here without a reload.
 */
export function ExportsDialog({ siteId, siteName, schedule, onClose }: { siteId: string | null; siteName?: string; /** Managers on an open site: its scheduled exports, from the chart's view. */ schedule?: { view: SiteView; maxPoints: number } | null; onClose(): void }) {
  const { exports } = useActors();
  const jobs = useSelector(exports, (s) => s.context.jobs);
  const loading = useSelector(exports, (s) => s.matches({ list: 'loading' }) && s.context.jobs.length === 0);
  const listFailure = useSelector(exports, (s) => s.context.listFailure);
  const downloading = useSelector(exports, (s) => s.context.downloading);
  const downloadFailure = useSelector(exports, (s) => s.context.downloadFailure);
  const shown = siteId ? jobs.filter((j) => j.siteId === siteId) : jobs;
  return (
    <Modal title={siteName ? t('exports.titleSite', { site: siteName }) : t('exports.title')} onClose={onClose}>
      <Stack gap="sm">
        <Muted small as="p">{t('exports.intro')}</Muted>
        {listFailure && <Callout tone="error" role="alert">{t(listFailure.key, listFailure.params)}</Callout>}
        {downloadFailure && <Callout tone="error" role="alert">{t(downloadFailure.key, downloadFailure.params)}</Callout>}
        {loading ? (
          <LoadingState label={t('exports.loading')} variant="inline" />
        ) : shown.length === 0 ? (
          <EmptyState compact title={t('exports.empty')} />
        ) : (
          <PlainTable
            label={t('exports.table')}
            rows={shown}
            rowKey={(j) => j.id}
            columns={[
              { id: 'asked', header: t('exports.col.asked'), cell: (j) => askedAt(j) },
              { id: 'kind', header: t('exports.col.kind'), cell: (j) => t(`exports.kind.${j.kind}` as I18nKey) },
              {
                id: 'status',
                header: t('exports.col.status'),
                cell: (j) => (
                  <>
                    <StatusBadge variant="inline" status={STATUS[j.status]} label={t(`exports.status.${j.status}` as I18nKey)} />
                    {j.status === 'Pending' && (
                      <progress className={c.progress} max={1} value={j.progress} aria-label={t('exports.progress', { asked: askedAt(j) })}>
                        {formatNumber(j.progress, { style: 'percent' })}
                      </progress>
                    )}
                    {j.status === 'Error' && j.error && <Muted small as="p">{j.error}</Muted>}
                  </>
                ),
              },
              { id: 'rows', header: t('exports.col.rows'), numeric: true, cell: (j) => (j.rowCount === null ? '—' : formatNumber(j.rowCount)) },
              {
                id: 'file',
                header: t('exports.col.file'),
                quietHeader: true,
                cell: (j) =>
                  j.status === 'Sent' && (
                    <Button size="sm" busy={downloading === j.id} onClick={() => exports.send({ type: 'exports.download', id: j.id })} aria-label={t('exports.download', { asked: askedAt(j) })}>
                      {t('exports.downloadShort')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
        {schedule && siteId && <ExportSchedulesSection siteId={siteId} view={schedule.view} maxPoints={schedule.maxPoints} />}
        <div>
          <Button onClick={onClose}>{t('exports.close')}</Button>
        </div>
      </Stack>
    </Modal>
  );
}
