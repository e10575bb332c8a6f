import { useId, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { useActors } from '../actors';
import { currentLocale, formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import { alertEventsMachine, type EventFilter, type TimeRange } from '../../machines/alert-events.machine';
import type { AlertEvent, AlertEventState } from '../../api/contract/alerts';
import { Card, Cluster, Muted, Page, PageHeader, Split, Stack, Toolbar, Truncated } from '../ui/layout';
import { Button } from '../ui/button';
import { SelectField, TextAreaField } from '../ui/form-field';
import { StatusBadge, type Status } from '../ui/status-badge';
import { SEVERITIES, SeverityBadge, severityLabel } from '../ui/severity-badge';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { Callout } from '../ui/callout';
import { ChooseCompany } from '../ui/choose-company';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { ReadingsChart } from '../ui/readings-chart';
import { formatReading } from '../ui/reading-format';
import * as l from '../ui/layout.css';
import * as c from '../ui/controls.css';
import { mayAct, mayManage } from '../../api/contract/roles';

const STATE_STATUS: Record<AlertEventState, Status> = { active: 'error', acknowledged: 'warning', resolved: 'ok' };
const STATES: AlertEventState[] = ['active', 'acknowledged', 'resolved'];
const RANGES: TimeRange[] = ['24h', '7d', '30d', 'all'];

const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** "2 h 5 min", or "ongoing". */
function duration(e: AlertEvent): string {
  if (!e.endedAt) return t('alertEvents.ongoing');
  const minutes = Math.max(0, Math.round((Date.parse(e.endedAt) - Date.parse(e.startedAt)) / 60_000));
  const h = Math.floor(minutes / 60);
  // Intl writes the unit words in the reader's language ("2 h 5 min", "2 س 5 د").
  const part = (n: number, unit: 'hour' | 'minute') => formatNumber(n, { style: 'unit', unit, unitDisplay: 'narrow' });
  return h ? `${part(h, 'hour')} ${part(minutes % 60, 'minute')}` : part(minutes, 'minute');
}
/** The peak with its unit ("9.99 °C"); events from before the unit was answered show the number alone. */
const peakOf = (e: AlertEvent) => (e.peak === null ? '—' : formatReading(e.peak, e.unit ?? ''));
const when = (iso: string) => formatDate(new Date(iso));
/** Dense cells: a short date and time. */
const short = (iso: string) => formatDate(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });

/**
 * Alert Events (docs/product.md, Alerts): the company's events, live; filters by state, severity, site and
 * time; the keyboard on the list (j/k move, Enter opens, a acknowledges, c comments, x selects) and the open event's
 * readings with its rule's limits, timeline and actions.
 */
export function AlertEventsView() {
  const { session, stream, preferences } = useActors();
  const role = useSelector(session, (s) => s.context.session?.role ?? 'viewer');
  const dark = useSelector(preferences, (s) => s.context.mode === 'dark');
  // `?event=` (a link from a node's detail) opens that event; the URL is read once, when the page opens.
  const eventId = new URLSearchParams(useSearch()).get('event');
  const actor = useActorRef(alertEventsMachine, { input: { session, live: stream, canListMembers: mayManage(role), eventId } });
  const events = useSelector(actor, (s) => s.context.events);
  const total = useSelector(actor, (s) => s.context.total);
  const filter = useSelector(actor, (s) => s.context.filter);
  const active = useSelector(actor, (s) => s.context.active);
  const selected = useSelector(actor, (s) => s.context.selected);
  const sites = useSelector(actor, (s) => s.context.sites);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const listFailure = useSelector(actor, (s) => (s.matches({ list: 'failed' }) ? s.context.listFailure : null));
  const more = useSelector(actor, (s) => s.matches({ list: 'more' }));
  const done = useSelector(actor, (s) => s.context.done);
  const noCompany = useSelector(actor, (s) => s.matches({ list: 'noCompany' }));
  const tableId = useId();
  const comment = useRef<HTMLTextAreaElement>(null);
  const canAct = mayAct(role);
  const locale = currentLocale();
  const siteName = useMemo(() => new Map(sites.map((s) => [s.id, s.name])), [sites]);

  const send = actor.send;
  const rowButton = (index: number) => document.getElementById(tableId)?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
  const focusActive = () => requestAnimationFrame(() => rowButton(actor.getSnapshot().context.active)?.focus());

  const columns = useMemo((): Column<AlertEvent>[] => [
    {
      id: 'rule',
      header: t('alertEvents.col.rule'),
      width: 'minmax(9rem, 2fr)',
      cell: (e, at) => (
        <button
          type="button"
          className={c.linkButton}
          data-row-index={at.index}
          data-keyitem
          tabIndex={at.active ? 0 : -1}
          aria-label={t('alertEvents.open', { rule: e.ruleName, time: when(e.startedAt) })}
          onFocus={() => send({ type: 'cursor.focus', index: at.index })}
          onClick={() => send({ type: 'detail.open', id: e.id })}
        >
          <Truncated text={e.ruleName} />
        </button>
      ),
    },
    { id: 'severity', header: t('alertEvents.col.severity'), width: '6.5rem', phone: true, cell: (e) => <SeverityBadge severity={e.severity} /> },
    {
      id: 'state',
      header: t('alertEvents.col.state'),
      width: '8.5rem',
      phone: true,
      cell: (e) => (
        <span>
          <StatusBadge variant="inline" status={STATE_STATUS[e.state]} label={t(`alertEvents.state.${e.state}` as I18nKey)} />
          {e.muted ? <Muted small> · {t('alertEvents.muted')}</Muted> : null}
        </span>
      ),
    },
    { id: 'site', header: t('alertEvents.col.site'), width: 'minmax(6rem, 1.2fr)', cell: (e) => siteName.get(e.siteId) ?? '' },
    { id: 'started', header: t('alertEvents.col.started'), width: '8.5rem', cell: (e) => short(e.startedAt) },
    { id: 'duration', header: t('alertEvents.col.duration'), width: '6.5rem', cell: (e) => duration(e) },
    { id: 'peak', header: t('alertEvents.col.peak'), width: '6rem', cell: (e) => <bdi className={l.numeric} data-value>{peakOf(e)}</bdi> },
    ...(canAct
      ? [{
          id: 'actions',
          header: t('alertEvents.col.select'),
          width: '4rem',
          cell: (e: AlertEvent) => (
            <input
              type="checkbox"
              tabIndex={-1}
              checked={selected.includes(e.id)}
              aria-label={t('alertEvents.selectRow', { rule: e.ruleName, time: when(e.startedAt) })}
              onChange={() => send({ type: 'selection.toggle', id: e.id })}
            />
          ),
        }]
      : []),
  ], [locale, siteName, selected, canAct, send]);

  // The list's keys: on a row (or anywhere in the list) outside fields. j/k also move between rows when focus is elsewhere
  // in the page, as on every list (document-keyboard.ts), but here they move the machine's row so the detail follows it.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const inList = Boolean((e.target as HTMLElement).closest?.(`#${CSS.escape(tableId)}`));
    if (e.key === 'j' || e.key === 'k' || ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && inList)) {
      e.preventDefault();
      send({ type: 'cursor.move', delta: e.key === 'j' || e.key === 'ArrowDown' ? 1 : -1 });
      focusActive();
    } else if (e.key === 'Enter' && inList) {
      e.preventDefault();
      send({ type: 'detail.open' });
    } else if (e.key === 'x' && canAct) {
      e.preventDefault();
      send({ type: 'selection.toggle' });
    } else if (e.key === 'a' && canAct) {
      e.preventDefault();
      send({ type: 'events.acknowledge' });
    } else if (e.key === 'c' && canAct) {
      e.preventDefault();
      const ctx = actor.getSnapshot().context;
      if (ctx.detailId !== ctx.events[ctx.active]?.id) send({ type: 'detail.open' });
      // The detail renders its comment box with the event; focus it once it is there.
      requestAnimationFrame(() => requestAnimationFrame(() => comment.current?.focus()));
    }
  };

  const setFilter = (f: Partial<EventFilter>) => send({ type: 'filter.set', filter: f });
  const status = listFailure ? (
    <ErrorState compact message={t(listFailure.key, listFailure.params)} action={<Button onClick={() => send({ type: 'list.reload' })}>{t('alertEvents.retry')}</Button>} />
  ) : loading ? (
    <LoadingState label={t('alertEvents.loading')} />
  ) : (
    <EmptyState compact title={t('alertEvents.empty')} />
  );

  if (noCompany) {
    return (
      <Page title={t('alertEvents.title')} subtitle={t('alertEvents.intro')} width="wide">
        <ChooseCompany />
      </Page>
    );
  }

  return (
    <section aria-labelledby="page-title" className={l.page.wide} onKeyDown={onKeyDown}>
      <PageHeader title={t('alertEvents.title')} subtitle={t('alertEvents.intro')} />
      <Toolbar label={t('alertEvents.filters')}>
        <SelectField label={t('alertEvents.state')} value={filter.state} placeholder={t('alertEvents.state.any')} options={STATES.map((s) => ({ value: s, label: t(`alertEvents.state.${s}` as I18nKey) }))} onChange={(v) => setFilter({ state: v as EventFilter['state'] })} onBlur={() => {}} />
        <SelectField label={t('alertEvents.severity')} value={filter.severity} placeholder={t('alertEvents.severity.any')} options={SEVERITIES.map((s) => ({ value: s, label: severityLabel(s) }))} onChange={(v) => setFilter({ severity: v as EventFilter['severity'] })} onBlur={() => {}} />
        <SelectField label={t('alertEvents.site')} value={filter.siteId} placeholder={t('alertEvents.site.any')} options={sites.map((s) => ({ value: s.id, label: s.name }))} onChange={(v) => setFilter({ siteId: v })} onBlur={() => {}} />
        <SelectField label={t('alertEvents.range')} value={filter.range} options={RANGES.map((r) => ({ value: r, label: t(`alertEvents.range.${r}` as I18nKey) }))} onChange={(v) => setFilter({ range: v as TimeRange })} onBlur={() => {}} />
      </Toolbar>
      <Split
        main={
          <>
            <Cluster justify="between">
              <Muted small>
                {t('alertEvents.count', { shown: formatNumber(events.length), total: formatNumber(total) })} · {t('alertEvents.keys')}
              </Muted>
              {canAct && selected.length > 0 && (
                <Cluster>
                  <Button variant="primary" size="sm" onClick={() => send({ type: 'events.acknowledgeSelected' })}>{t('alertEvents.ackSelected', { count: selected.length })}</Button>
                  <Button size="sm" onClick={() => send({ type: 'selection.clear' })}>{t('alertEvents.clearSelection')}</Button>
                </Cluster>
              )}
            </Cluster>
            <div id={tableId} data-keylist className={l.stack}>
              <VirtualTable label={t('alertEvents.table')} columns={columns} rows={events} rowId={(e) => e.id} active={active} status={status} height={520} density="normal" />
            </div>
            {events.length < total && !loading && (
              <Button onClick={() => send({ type: 'list.more' })} busy={more}>{t('alertEvents.more')}</Button>
            )}
            <div role="status" aria-live="polite" className={l.muted}>{done ? t(done) : ''}</div>
          </>
        }
        aside={<EventDetail actor={actor} canAct={canAct} dark={dark} commentRef={comment} siteName={siteName} />}
      />
    </section>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof alertEventsMachine>>;

/** The open event: what and when, the readings around it with the rule's limits, its timeline and its actions. */
function EventDetail({ actor, canAct, dark, commentRef, siteName }: { actor: Actor; canAct: boolean; dark: boolean; commentRef: RefObject<HTMLTextAreaElement | null>; siteName: Map<string, string> }) {
  const detail = useSelector(actor, (s) => s.context.detail);
  const around = useSelector(actor, (s) => s.context.around);
  const members = useSelector(actor, (s) => s.context.members);
  const state = useSelector(actor, (s) => (s.matches({ detail: 'closed' }) ? 'closed' : s.matches({ detail: 'failed' }) ? 'failed' : s.matches({ detail: 'loading' }) && !s.context.detail ? 'loading' : 'open'));
  const failure = useSelector(actor, (s) => s.context.detailFailure);
  const actionFailure = useSelector(actor, (s) => s.context.actionFailure);
  const acting = useSelector(actor, (s) => s.matches({ action: 'acting' }));
  const titleId = useId();
  const words = useSelector(actor, (s) => s.context.comment);
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const who = (id: string | null) => (id ? (names.get(id) ?? id) : t('alertEvents.system'));

  if (state === 'closed') {
    return (
      <Card title={t('alertEvents.detail')} padding="md">
        <Muted as="p">{t('alertEvents.noDetail')}</Muted>
      </Card>
    );
  }
  if (state === 'loading' || !detail) {
    return state === 'failed' && failure ? (
      <Card title={t('alertEvents.detail')}><ErrorState compact message={t(failure.key, failure.params)} /></Card>
    ) : (
      <Card title={t('alertEvents.detail')}><LoadingState label={t('alertEvents.detailLoading')} /></Card>
    );
  }
  const e = detail;
  // Names from the members list where the role has it, else from the event's own timeline.
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? [...e.history].reverse().find((h) => h.userId === id)?.name ?? who(id)) : '—');
  const act = (action: 'acknowledge' | 'comment' | 'resolve') => {
    const text = words.trim();
    actor.send({ type: 'event.act', id: e.id, action: { action, ...(text ? { comment: text } : {}) } });
  };
  return (
    <section aria-labelledby={titleId} className={`${l.card} ${l.cardPadding.md}`} key={e.id}>
      <Stack gap="md">
        <Cluster justify="between">
          <h2 id={titleId} className={l.sectionTitle}>{e.ruleName}</h2>
          <Button size="sm" onClick={() => actor.send({ type: 'detail.close' })}>{t('alertEvents.close')}</Button>
        </Cluster>
        <Cluster>
          <SeverityBadge variant="pill" severity={e.severity} />
          <StatusBadge status={STATE_STATUS[e.state]} label={t(`alertEvents.state.${e.state}` as I18nKey)} />
          {e.muted && <Muted small>{t('alertEvents.muted')}</Muted>}
        </Cluster>
        <p className={l.text}>{e.detail}</p>
        <dl className={l.stack}>
          <Fact term={t('alertEvents.site')} value={siteName.get(e.siteId) ?? '—'} />
          <Fact term={t('alertEvents.facts.started')} value={when(e.startedAt)} />
          <Fact term={t('alertEvents.facts.ended')} value={e.endedAt ? when(e.endedAt) : t('alertEvents.ongoing')} />
          <Fact term={t('alertEvents.facts.peak')} value={peakOf(e)} />
          <Fact term={t('alertEvents.facts.acknowledged')} value={e.acknowledgedAt ? `${nameOf(e.acknowledgedBy)} · ${when(e.acknowledgedAt)}` : '—'} />
          <Fact term={t('alertEvents.facts.assignee')} value={e.assigneeId ? nameOf(e.assigneeId) : t('alertEvents.nobody')} />
        </dl>
        {around === null ? (
          <LoadingState variant="inline" label={t('alertEvents.chartLoading')} />
        ) : around.series.some((s) => s.t.length > 0) ? (
          <div aria-label={t('alertEvents.chart')} role="group">
            <ReadingsChart series={around.series} dark={dark} height={220} thresholds={around.thresholds} />
          </div>
        ) : (
          <Muted small as="p">{t('alertEvents.noReadings')}</Muted>
        )}
        <div>
          <h3 className={l.sectionTitle}>{t('alertEvents.timeline')}</h3>
          <ol className={l.stack}>
            {e.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <Muted small>{when(h.at)}</Muted>{' '}
                {t('alertEvents.history.by', { action: historyLabel(h.action), who: h.userId ? h.name || who(h.userId) : t('alertEvents.system') })}
                {h.comment ? `: “${h.comment}”` : ''}
              </li>
            ))}
          </ol>
        </div>
        {canAct ? (
          <Stack gap="sm">
            {actionFailure && <Callout tone="error" role="alert">{t(actionFailure.key, actionFailure.params)}</Callout>}
            <TextAreaField ref={commentRef} label={t('alertEvents.comment')} hint={t('alertEvents.commentHint')} value={words} onChange={(text) => actor.send({ type: 'comment.set', text })} maxLength={4000} />
            <Cluster>
              {e.state === 'active' && <Button variant="primary" busy={acting} onClick={() => act('acknowledge')}>{t('alertEvents.acknowledge')}</Button>}
              <Button busy={acting} onClick={() => act('comment')}>{t('alertEvents.addComment')}</Button>
              {e.state !== 'resolved' && <Button busy={acting} onClick={() => act('resolve')}>{t('alertEvents.resolve')}</Button>}
            </Cluster>
            {members.length > 0 && (
            <Cluster align="end">
              <SelectField
                label={t('alertEvents.assignTo')}
                value={e.assigneeId ?? ''}
                placeholder={t('alertEvents.unassigned')}
                options={members.map((m) => ({ value: m.id, label: m.name }))}
                onChange={(v) => actor.send({ type: 'event.act', id: e.id, action: { action: 'assign', assigneeId: v || null } })}
                onBlur={() => {}}
              />
            </Cluster>
            )}
          </Stack>
        ) : (
          <Muted small as="p">{t('alertEvents.viewerNote')}</Muted>
        )}
      </Stack>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={`${l.cluster} ${l.gap.sm}`}>
      <dt className={l.muted}>{term}</dt>
      {/* Values are data (dates, names, readings): isolated so an Arabic page keeps their own order. */}
      <dd className={l.text}>
        <bdi data-value>{value}</bdi>
      </dd>
    </div>
  );
}

const HISTORY: Record<string, I18nKey> = {
  opened: 'alertEvents.history.opened', peak: 'alertEvents.history.peak', escalated: 'alertEvents.history.escalated', ended: 'alertEvents.history.ended',
  acknowledge: 'alertEvents.history.acknowledge', comment: 'alertEvents.history.comment', assign: 'alertEvents.history.assign', resolve: 'alertEvents.history.resolve',
};
const historyLabel = (action: string) => (HISTORY[action] ? t(HISTORY[action]!) : action);
