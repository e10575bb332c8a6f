import { useId, useMemo, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { currentLocale, formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import { fridgeReportsMachine } from '../../machines/fridge-reports.machine';
import { fridgeReportMachine, isDirty, type DayField, type ExcursionField } from '../../machines/fridge-report.machine';
import { stockOutcome, type FridgeReport, type FridgeReportDay, type FridgeReportSummary } from '../../api/contract/reports';
import { Card, Cluster, Muted, Page, PageHeader, Stack, Toolbar, Truncated } from '../ui/layout';
import { Button, ButtonLink } from '../ui/button';
import { InputField, SelectField } from '../ui/form-field';
import { ConfirmDialog, DialogActions, Modal } from '../ui/dialog';
import { Callout } from '../ui/callout';
import { StatusBadge } from '../ui/status-badge';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { OtherCompany } from '../ui/other-company';
import { ChooseCompany } from '../ui/choose-company';
import { useActors } from '../actors';
import { VirtualTable, type Column } from '../ui/virtual-table';
import * as l from '../ui/layout.css';
import * as tb from '../ui/list.css';
import * as c from '../ui/controls.css';
import { formatRange, isolate, ltr } from '../ui/reading-format';

const href = (siteId: string, reportId?: string) => `/reports?site=${encodeURIComponent(siteId)}${reportId ? `&report=${encodeURIComponent(reportId)}` : ''}`;

/** "November 2026" in the reader's language. */
const monthName = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return formatDate(new Date(Date.UTC(y!, m! - 1, 15)), { month: 'long', year: 'numeric', timeZone: 'UTC' });
};
/** A day's value: one decimal as the log is written by hand, kept left to right in Arabic text. */
const degrees = (v: number | null) => (v === null ? '—' : ltr(`${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} °C`));

function StatusCell({ status }: { status: FridgeReportSummary['status'] }) {
  return status === 'submitted' ? <StatusBadge variant="inline" status="ok" label={t('reports.status.submitted')} /> : <StatusBadge variant="inline" status="info" label={t('reports.status.draft')} />;
}

/**
 * Reports (docs/product.md, Reports): the medication fridge compliance reports of a site — Add (fridge and month), then the
 * report: the day log with its checks, the excursions with cause, action and stock outcome, Update, Cancel and Submit,
 * and the PDF and CSV. `?site=` picks the site, `?report=` opens a report.
 */
export function ReportsView() {
  const params = new URLSearchParams(useSearch());
  const report = params.get('report');
  const site = params.get('site') ?? undefined;
  return report ? <ReportScreen key={report} id={report} /> : <ReportsList key={site ?? ''} siteId={site} />;
}

function ReportsList({ siteId: wanted }: { siteId?: string }) {
  const { session } = useActors();
  const actor = useActorRef(fridgeReportsMachine, { input: { siteId: wanted, session } });
  const noCompany = useSelector(actor, (s) => s.matches('noCompany'));
  const [, navigate] = useLocation();
  const sites = useSelector(actor, (s) => s.context.sites);
  const siteId = useSelector(actor, (s) => s.context.siteId);
  const reports = useSelector(actor, (s) => s.context.reports);
  const failure = useSelector(actor, (s) => s.context.failure);
  const loading = useSelector(actor, (s) => s.matches('sites') || s.matches({ site: { list: 'loading' } }));
  const failed = useSelector(actor, (s) => s.matches('failed') || s.matches({ site: { list: 'failed' } }));
  const adding = useSelector(actor, (s) => s.context.add !== null);
  const created = useSelector(actor, (s) => s.context.created);
  const mayAdd = useSelector(actor, (s) => s.context.mayWrite);
  const locale = currentLocale();
  const columns = useMemo((): Column<FridgeReportSummary>[] => [
    {
      id: 'fridge',
      header: t('reports.fridge'),
      width: '2fr',
      cell: (r) => (
        // The month has its column; the link shows the fridge's name in its own direction, so a Latin name on an
        // Arabic page is cut at its end, not its start. Its accessible name keeps the month: one link per report.
        <Link href={href(siteId, r.id)} className={c.linkButton} data-keyitem aria-label={t('reports.open', { fridge: r.nodeName, month: monthName(r.period) })}>
          <Truncated text={r.nodeName} />
        </Link>
      ),
    },
    { id: 'period', header: t('reports.month'), width: '1fr', phone: true, cell: (r) => monthName(r.period) },
    { id: 'status', header: t('reports.status'), width: '8rem', phone: true, cell: (r) => <StatusCell status={r.status} /> },
    { id: 'submitted', header: t('reports.submittedAt'), width: '1.4fr', cell: (r) => (r.submittedAt ? formatDate(new Date(r.submittedAt), { dateStyle: 'medium', timeStyle: 'short' }) : '—') },
  ], [locale, siteId]);
  if (created) return <Redirect to={href(siteId, created)} />;
  if (noCompany) {
    return (
      <Page title={t('nav.reports')} subtitle={t('reports.intro')}>
        <ChooseCompany />
      </Page>
    );
  }
  const status = loading ? (
    <LoadingState label={t('reports.loading')} variant="inline" />
  ) : failed ? (
    <ErrorState compact message={t(failure?.key ?? 'failure.unknown')} action={<Button onClick={() => actor.send({ type: 'reports.retry' })}>{t('reports.retry')}</Button>} />
  ) : sites.length === 0 ? (
    <EmptyState compact title={t('reports.noSites')} />
  ) : (
    <EmptyState compact title={t('reports.empty')} body={mayAdd ? t('reports.emptyHint') : undefined} />
  );
  return (
    <section aria-labelledby="page-title" className={l.page.normal}>
      <PageHeader
        title={t('nav.reports')}
        subtitle={t('reports.intro')}
        actions={
          mayAdd && (
            <Button variant="primary" onClick={() => actor.send({ type: 'add.open' })} disabled={!siteId} aria-keyshortcuts="n">
              {t('reports.add')}
            </Button>
          )
        }
      />
      <Toolbar>
        <SelectField label={t('reports.site')} value={siteId} options={sites} onChange={(v) => navigate(href(v))} onBlur={() => undefined} />
      </Toolbar>
      <VirtualTable label={t('reports.table')} columns={columns} rows={reports} rowId={(r) => r.id} status={status} height={Math.min(560, 48 + Math.max(reports.length, 2) * 40)} />
      {adding && <AddDialog actor={actor} />}
    </section>
  );
}

function AddDialog({ actor }: { actor: ReturnType<typeof useActorRef<typeof fridgeReportsMachine>> }) {
  const add = useSelector(actor, (s) => s.context.add);
  const errors = useSelector(actor, (s) => s.context.addErrors);
  const fridges = useSelector(actor, (s) => s.context.fridges);
  const failure = useSelector(actor, (s) => s.context.addFailure);
  const existingId = useSelector(actor, (s) => s.context.existingId);
  const siteId = useSelector(actor, (s) => s.context.siteId);
  const creating = useSelector(actor, (s) => s.matches({ site: { add: 'creating' } }));
  if (!add) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'add.submit' });
  };
  return (
    <Modal title={t('reports.addTitle')} onClose={() => actor.send({ type: 'add.cancel' })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Callout role="alert" tone="error">
              {t(failure.key, failure.params)}
              {existingId && (
                <>
                  {' '}
                  <Link href={href(siteId, existingId)}>{t('reports.openExisting')}</Link>
                </>
              )}
            </Callout>
          )}
          {fridges.length === 0 && <Muted small as="p">{t('reports.noFridges')}</Muted>}
          <SelectField label={t('reports.fridge')} value={add.nodeId} options={fridges} placeholder={t('reports.choose')} messages={errors.nodeId} onChange={(v) => actor.send({ type: 'add.change', field: 'nodeId', value: v })} onBlur={() => undefined} />
          <InputField label={t('reports.month')} type="month" value={add.period} messages={errors.period} onChange={(v) => actor.send({ type: 'add.change', field: 'period', value: v })} />
        </Stack>
        <DialogActions>
          <Button onClick={() => actor.send({ type: 'add.cancel' })}>{t('reports.cancel')}</Button>
          <Button type="submit" variant="primary" busy={creating}>
            {t('reports.addAction')}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}

function ReportScreen({ id }: { id: string }) {
  const { session } = useActors();
  const actor = useActorRef(fridgeReportMachine, { input: { id, session } });
  const report = useSelector(actor, (s) => s.context.report);
  const failure = useSelector(actor, (s) => s.context.failure);
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('locating'));
  const elsewhere = useSelector(actor, (s) => (s.matches('elsewhere') ? s.context.elsewhere : null));
  if (!report) {
    return (
      <section aria-labelledby="page-title" className={l.page.normal}>
        <PageHeader title={t('reports.reportTitle')} />
        {loading ? (
          <LoadingState label={t('reports.loadingReport')} />
        ) : elsewhere ? (
          <OtherCompany home={elsewhere} text={t('elsewhere.report', { company: elsewhere.companyName })} />
        ) : (
          <ErrorState message={t(failure?.key ?? 'failure.unknown')} action={<Button onClick={() => actor.send({ type: 'report.retry' })}>{t('reports.retry')}</Button>} />
        )}
      </section>
    );
  }
  return <ReportBody actor={actor} report={report} />;
}

type ReportActor = ReturnType<typeof useActorRef<typeof fridgeReportMachine>>;

function ReportBody({ actor, report }: { actor: ReportActor; report: FridgeReport }) {
  const entries = useSelector(actor, (s) => s.context.entries);
  const actionFailure = useSelector(actor, (s) => s.context.actionFailure);
  const done = useSelector(actor, (s) => s.context.done);
  const saving = useSelector(actor, (s) => s.matches({ ready: { edit: 'saving' } }));
  const submitting = useSelector(actor, (s) => s.matches({ ready: { edit: 'submitting' } }));
  const confirming = useSelector(actor, (s) => s.matches({ ready: { edit: 'confirming' } }));
  const downloading = useSelector(actor, (s) => s.context.downloading);
  const mayWrite = useSelector(actor, (s) => s.context.mayWrite);
  const dirty = isDirty(report, entries);
  // A draft is filled in only by those the server lets write here; everyone else reads it as it stands.
  const draft = report.status === 'draft';
  const editable = draft && mayWrite;
  const range = formatRange(report.low, report.high, '°C') ?? '';
  return (
    <section aria-labelledby="page-title" className={l.page.wide}>
      <PageHeader
        title={t('reports.reportTitle')}
        subtitle={t('reports.reportSubtitle', { site: isolate(report.siteName), fridge: isolate(report.nodeName), month: monthName(report.period), range })}
        actions={
          <>
            <ButtonLink href={href(report.siteId)}>{t('reports.back')}</ButtonLink>
            <Button busy={downloading === 'pdf'} onClick={() => actor.send({ type: 'report.download', format: 'pdf' })}>
              {t('reports.pdf')}
            </Button>
            <Button busy={downloading === 'csv'} onClick={() => actor.send({ type: 'report.download', format: 'csv' })}>
              {t('reports.csv')}
            </Button>
          </>
        }
      />
      <Cluster gap="sm">
        {draft ? <StatusBadge status="info" label={t('reports.status.draft')} /> : <StatusBadge status="ok" label={t('reports.status.submitted')} />}
        {report.submittedAt && <Muted small>{t('reports.submittedBy', { who: report.submittedBy ?? '—', at: formatDate(new Date(report.submittedAt)) })}</Muted>}
        {report.daysWithoutCheck > 0 && <StatusBadge status="warning" label={t('reports.daysWithoutCheck', { count: report.daysWithoutCheck })} />}
        <Muted small>{t('reports.checkTimes', { am: report.checkTimes.am, pm: report.checkTimes.pm, zone: report.timezone })}</Muted>
      </Cluster>
      <div aria-live="polite" className={l.small}>
        {done && t(done)}
      </div>
      {actionFailure && (
        <Callout role="alert" tone="error">
          {t(actionFailure.key, actionFailure.params)}
        </Callout>
      )}
      {editable && (
        <Toolbar label={t('reports.actions')}>
          <Button variant="secondary" busy={saving} disabled={!dirty} onClick={() => actor.send({ type: 'report.save' })}>
            {t('reports.update')}
          </Button>
          <Button disabled={!dirty || saving} onClick={() => actor.send({ type: 'report.discard' })}>
            {t('reports.cancel')}
          </Button>
          {/* The report's one primary action: submitting is what the month's work is for. */}
          <Button variant="primary" busy={submitting} onClick={() => actor.send({ type: 'report.submitAsk' })}>
            {t('reports.submit')}
          </Button>
        </Toolbar>
      )}
      <DayTable actor={actor} report={report} draft={editable} />
      <Excursions actor={actor} report={report} draft={editable} />
      {confirming && (
        <ConfirmDialog
          title={t('reports.submitTitle')}
          body={t('reports.submitBody', { fridge: report.nodeName, month: monthName(report.period) })}
          confirm={t('reports.submit')}
          cancel={t('reports.cancel')}
          tone="primary"
          busy={submitting}
          onConfirm={() => actor.send({ type: 'report.submit' })}
          onCancel={() => actor.send({ type: 'report.submitCancel' })}
        />
      )}
    </section>
  );
}

function DayTable({ actor, report, draft }: { actor: ReportActor; report: FridgeReport; draft: boolean }) {
  const entries = useSelector(actor, (s) => s.context.entries.days);
  const base = useId();
  const col = (name: string) => `${base}-${name}`;
  const day = (d: FridgeReportDay) => formatDate(new Date(`${d.date}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const set = (date: string, field: DayField) => (e: { target: { value: string } }) => actor.send({ type: 'report.day', date, field, value: e.target.value });
  return (
    <Card title={t('reports.days')} padding="none">
      {/* Focusable, so the keyboard can scroll the log sideways on a phone when no field is there to move into it. */}
      <div className={tb.card} tabIndex={0} role="group" aria-label={t('reports.days')}>
        <table className={tb.table}>
          <thead>
            <tr>
              <th id={col('date')} className={`${tb.th} ${tb.stickyRowHead}`} scope="col">{t('reports.col.date')}</th>
              <th className={tb.th} scope="col">{t('reports.col.min')}</th>
              <th className={tb.th} scope="col">{t('reports.col.max')}</th>
              <th className={tb.th} scope="col">{t('reports.col.am', { time: report.checkTimes.am })}</th>
              <th className={tb.th} scope="col">{t('reports.col.pm', { time: report.checkTimes.pm })}</th>
              <th className={tb.th} scope="col">{t('reports.col.inRange')}</th>
              <th id={col('checkedBy')} className={tb.th} scope="col">{t('reports.col.checkedBy')}</th>
              <th id={col('action')} className={tb.th} scope="col">{t('reports.col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((d) => {
              const e = entries[d.date] ?? { checkedBy: '', action: '' };
              const rowId = `${base}-${d.date}`;
              return (
                <tr key={d.date}>
                  <th id={rowId} scope="row" className={`${tb.td} ${tb.stickyRowHead}`}>
                    {day(d)}
                    {d.gap ? (
                      <div><StatusBadge variant="inline" status="error" label={t('reports.gap')} /></div>
                    ) : d.missingCheck ? (
                      <div><StatusBadge variant="inline" status="warning" label={t('reports.missingCheck')} /></div>
                    ) : null}
                  </th>
                  <td className={`${tb.td} ${tb.value}`} data-value>{degrees(d.min)}</td>
                  <td className={`${tb.td} ${tb.value}`} data-value>{degrees(d.max)}</td>
                  <td className={`${tb.td} ${tb.value}`} data-value>{degrees(d.amCurrent)}</td>
                  <td className={`${tb.td} ${tb.value}`} data-value>{degrees(d.pmCurrent)}</td>
                  <td className={tb.td}>
                    {d.inRange === null ? <Muted small>{t('reports.noReadings')}</Muted> : d.inRange ? <StatusBadge variant="inline" status="ok" label={t('reports.inRange')} /> : <StatusBadge variant="inline" status="error" label={t('reports.outOfRange')} />}
                  </td>
                  <td className={tb.td}>
                    {draft ? (
                      <input className={c.select} aria-labelledby={`${col('checkedBy')} ${rowId}`} value={e.checkedBy} maxLength={10} size={5} onChange={set(d.date, 'checkedBy')} />
                    ) : (
                      e.checkedBy || '—'
                    )}
                  </td>
                  <td className={tb.td}>
                    {draft ? <input className={c.select} aria-labelledby={`${col('action')} ${rowId}`} value={e.action} maxLength={1000} onChange={set(d.date, 'action')} /> : e.action || '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Excursions({ actor, report, draft }: { actor: ReportActor; report: FridgeReport; draft: boolean }) {
  const entries = useSelector(actor, (s) => s.context.entries.excursions);
  const outcomes = stockOutcome.options.map((o) => ({ value: o, label: t(`reports.outcome.${o}` as I18nKey) }));
  const set = (start: string, field: ExcursionField) => (value: string) => actor.send({ type: 'report.excursion', start, field, value });
  return (
    <Card title={t('reports.excursions')} meta={t('reports.excursionsHint')}>
      {report.excursions.length === 0 ? (
        <Muted as="p">{report.days.some((d) => d.inRange !== null) ? t('reports.noExcursions') : t('reports.noReadingsMonth')}</Muted>
      ) : (
        <Stack gap="md" as="ul">
          {report.excursions.map((x) => {
            const e = entries[x.start] ?? { cause: '', action: '', stockOutcome: '' };
            const when = formatDate(new Date(x.start), { dateStyle: 'medium', timeStyle: 'short', timeZone: report.timezone });
            const title = t('reports.excursion', { when, minutes: formatNumber(x.minutes), peak: degrees(x.peak) });
            return (
              <li key={x.start} className={l.text}>
                <Stack gap="xs">
                  <strong>{title}</strong>
                  {x.end === null && <Muted small>{t('reports.excursionOngoing')}</Muted>}
                  {draft ? (
                    <Cluster gap="sm" align="start">
                      <InputField label={t('reports.cause')} value={e.cause} maxLength={1000} onChange={set(x.start, 'cause')} />
                      <InputField label={t('reports.excursionAction')} value={e.action} maxLength={1000} onChange={set(x.start, 'action')} />
                      <SelectField label={t('reports.stockOutcome')} value={e.stockOutcome} options={outcomes} placeholder={t('reports.choose')} onChange={set(x.start, 'stockOutcome')} onBlur={() => undefined} />
                    </Cluster>
                  ) : (
                    <Muted small as="p">
                      {[e.cause, e.action, e.stockOutcome ? t(`reports.outcome.${e.stockOutcome}` as I18nKey) : ''].filter(Boolean).join(' · ') || '—'}
                    </Muted>
                  )}
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
