import { useEffect, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useActors } from '../actors';
import { formatNumber, t } from '../../i18n';
import { adminDashboardMachine, glanceTargets, type GlanceTarget } from '../../machines/admin-dashboard.machine';
import type { AdminOverview } from '../../api/contract/monitoring';
import type { AdminGlance } from '../../api/contract/admin-glance';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { Card, Page } from '../ui/layout';
import { Button, ButtonLink } from '../ui/button';
import { StatusBadge, type Status } from '../ui/status-badge';
import { BatteryLevel } from '../ui/link-health';
import { timeSince } from '../ui/tile-time';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { linkButton } from '../ui/controls.css';
import { companyDashboardPath } from '../../machines/commands';
import * as s from './admin-dashboard.css';

type Row = AdminOverview[number];
type Open = (target: GlanceTarget) => void;

/** A count that is a problem when above zero: a status badge then, a quiet zero otherwise. */
const problem = (n: number, status: 'error' | 'offline') => (n ? <StatusBadge status={status} label={formatNumber(n)} /> : formatNumber(0));

/** Admins: the platform at a glance, then its health per company; each row one step from where the trouble is. */
export function AdminDashboardView() {
  const { session } = useActors();
  const [, navigate] = useLocation();
  const page = useActorRef(adminDashboardMachine, { input: { session } });
  const rows = useSelector(page, (st) => st.context.overview);
  const error = useSelector(page, (st) => st.context.error);
  const loading = useSelector(page, (st) => st.matches({ overview: 'loading' }) && st.context.overview.length === 0);
  const glance = useSelector(page, (st) => st.context.glance);
  const glanceError = useSelector(page, (st) => st.context.glanceError);
  // A glance link into a company's pages goes once the session acts for that company; the machine says when.
  useEffect(() => {
    const sub = page.on('navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [page, navigate]);
  const open: Open = (target) => page.send({ type: 'glance.open', ...target });
  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        id: 'company',
        header: t('admin.company'),
        width: 'minmax(10rem, 2fr)',
        cell: (r) => (
          <button type="button" className={linkButton} aria-label={t('admin.open', { company: r.companyName })} onClick={() => session.send({ type: 'company.switch', companyId: r.companyId })}>
            <bdi>{r.companyName}</bdi>
          </button>
        ),
      },
      { id: 'sites', header: t('admin.sites'), cell: (r) => formatNumber(r.siteCount) },
      { id: 'online', header: t('admin.online'), cell: (r) => formatNumber(r.devicesOnline) },
      // On a phone the list keeps its status: devices offline.
      { id: 'offline', header: t('admin.offline'), phone: true, width: 'minmax(4.5rem, 0.8fr)', cell: (r) => problem(r.devicesOffline, 'offline') },
      { id: 'range', header: t('admin.outOfRange'), cell: (r) => problem(r.outOfRangeFeeds, 'error') },
      {
        // Beside the name (which acts in the company): a read-only look at its dashboard, without shadowing it.
        id: 'actions',
        header: t('admin.dashboard'),
        width: 'minmax(7rem, auto)',
        cell: (r) => (
          <ButtonLink size="sm" href={companyDashboardPath(r.companyId)} aria-label={t('admin.openDashboard', { company: r.companyName })}>
            {t('admin.dashboard')}
          </ButtonLink>
        ),
      },
    ],
    [session],
  );
  const retry = <Button variant="secondary" onClick={() => page.send({ type: 'admin.refresh' })}>{t('manage.retry')}</Button>;
  const status = error ? (
    <ErrorState compact message={t('admin.failed', { message: t(error.key, error.params) })} action={retry} />
  ) : loading ? (
    <LoadingState label={t('admin.loading')} />
  ) : (
    <EmptyState title={t('manage.empty')} />
  );
  return (
    <Page title={t('admin.title')} subtitle={t('admin.intro')} width="wide">
      <section className={s.section} aria-labelledby="admin-glance">
        <h2 id="admin-glance" className={s.heading}>
          {t('admin.glance')}
        </h2>
        {glanceError && <ErrorState compact message={t('admin.glanceFailed', { message: t(glanceError.key, glanceError.params) })} action={retry} />}
        {glance ? <Glance glance={glance} open={open} /> : !glanceError && <LoadingState variant="skeleton" label={t('admin.glanceLoading')} />}
      </section>
      {error && rows.length > 0 && <ErrorState compact message={t('admin.failed', { message: t(error.key, error.params) })} />}
      <Card title={t('admin.perCompany')} padding="none">
        <VirtualTable label={t('admin.title')} columns={columns} rows={rows} rowId={(r) => r.companyId} height={560} density="compact" status={status} />
      </Card>
    </Page>
  );
}

/** The five parts of the glance, each a card: a headline figure and the first rows, every row a link to its place. */
function Glance({ glance: g, open }: { glance: AdminGlance; open: Open }) {
  // Times are told from when the glance was computed: it is read again every minute.
  const ago = (iso: string) => timeSince(Date.parse(iso), Date.parse(g.at));
  return (
    <div className={s.glance}>
      <GlanceCard title={t('admin.critical')} total={g.criticalAlerts.total} trouble="error" shown={g.criticalAlerts.companies.length} of={g.criticalAlerts.companyCount} none={t('admin.criticalNone')}>
        {g.criticalAlerts.companies.map((c) => (
          <GlanceRow
            key={c.companyId}
            target={glanceTargets.criticalEvent(c)}
            open={open}
            label={t('admin.criticalLink', { company: c.companyName, count: formatNumber(c.count) })}
            text={c.companyName}
            detail={ago(c.newestStartedAt)}
            figure={<StatusBadge variant="inline" status="error" label={t('admin.openCount', { count: formatNumber(c.count) })} />}
          />
        ))}
      </GlanceCard>
      <GlanceCard title={t('admin.offline')} total={g.offlineDevices.total} trouble="offline" shown={g.offlineDevices.companies.length} of={g.offlineDevices.companyCount} none={t('admin.offlineNone')}>
        {g.offlineDevices.companies.map((c) => (
          <GlanceRow
            key={c.companyId}
            target={glanceTargets.offline(c)}
            open={open}
            label={t('admin.offlineLink', { company: c.companyName, count: formatNumber(c.count) })}
            text={c.companyName}
            figure={<StatusBadge variant="inline" status="offline" label={t('admin.offlineCount', { count: formatNumber(c.count) })} />}
          />
        ))}
      </GlanceCard>
      <GlanceCard title={t('admin.weakBatteries')} total={g.weakBatteries.total} trouble="warning" shown={g.weakBatteries.nodes.length} none={t('admin.weakNone')}>
        {g.weakBatteries.nodes.map((n) => (
          <GlanceRow
            key={n.nodeId}
            target={glanceTargets.node(n)}
            open={open}
            label={t('admin.nodeLink', { node: n.nodeName, site: n.siteName, company: n.companyName })}
            text={n.nodeName}
            detail={
              <>
                <bdi>{n.siteName}</bdi> · <bdi>{n.companyName}</bdi>
              </>
            }
            figure={<BatteryLevel pct={n.batteryPct} />}
          />
        ))}
      </GlanceCard>
      <GlanceCard
        title={t('admin.shadows')}
        total={g.shadowSessions.total}
        trouble="info"
        shown={g.shadowSessions.sessions.length}
        none={t('admin.shadowsNone')}
        more={<GlanceLink target={glanceTargets.audit()} open={open}>{t('admin.auditLog')}</GlanceLink>}
      >
        {g.shadowSessions.sessions.map((x) => (
          <li key={`${x.actorName}-${x.startedAt}-${x.subjectName}`} className={s.row}>
            <span className={s.what}>
              <span>
                {/* Both names isolated: either may be written right to left. */}
                {t('admin.shadowAs', { actor: '\u2068' + x.actorName + '\u2069', subject: '\u2068' + x.subjectName + '\u2069' })}
              </span>
              <span className={s.detail}>{t('admin.lastUsed', { time: ago(x.lastUsedAt) })}</span>
            </span>
            <span className={s.figure}>
              <StatusBadge variant="inline" status="info" label={t(x.kind === 'company' ? 'audit.shadowCompany' : 'audit.shadowUser')} />
            </span>
          </li>
        ))}
      </GlanceCard>
      <GlanceCard
        title={t('admin.signIns')}
        total={g.recentSignIns.total}
        trouble={null}
        shown={g.recentSignIns.users.length}
        none={t('admin.signInsNone')}
        more={<GlanceLink target={glanceTargets.users()} open={open}>{t('admin.allUsers')}</GlanceLink>}
      >
        {g.recentSignIns.users.map((u) => (
          <li key={u.userId} className={s.row}>
            <span className={s.what}>
              <bdi>{u.name || u.email}</bdi>
              <span className={s.detail}>
                <bdi>{u.email}</bdi>
                {u.admin && <> · {t('admin.adminBadge')}</>}
              </span>
            </span>
            <span className={s.figure}>
              <bdi>{ago(u.at)}</bdi>
            </span>
          </li>
        ))}
      </GlanceCard>
    </div>
  );
}

/**
 * One part of the glance: its total beside the title (the trouble's colour and symbol when above zero, a tick when
 * none), the rows, and how many of the total they are.
 */
function GlanceCard({ title, total, trouble, shown, of = total, none, more, children }: {
  title: string;
  total: number;
  /** How many rows there are to show, when that is not the total (companies, not their events). */
  of?: number;
  /** The status of a non-zero total; null for a figure that is news, not trouble. */
  trouble: Status | null;
  shown: number;
  none: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  const badge = total > 0 ? (trouble ? <StatusBadge status={trouble} label={formatNumber(total)} /> : <strong>{formatNumber(total)}</strong>) : <StatusBadge status="ok" label={formatNumber(0)} />;
  return (
    <Card title={title} meta={<span aria-label={t('admin.total', { label: title, count: formatNumber(total) })}>{badge}</span>} padding="sm">
      {total === 0 ? <p className={s.detail}>{none}</p> : <ul className={s.rows}>{children}</ul>}
      {(more || shown < of) && (
        <div className={s.foot}>
          <span>{shown < of ? t('admin.shownOf', { shown: formatNumber(shown), total: formatNumber(of) }) : ''}</span>
          {more}
        </div>
      )}
    </Card>
  );
}

function GlanceRow({ target, open, label, text, detail, figure }: { target: GlanceTarget; open: Open; label: string; text: string; detail?: ReactNode; figure: ReactNode }) {
  return (
    <li className={s.row}>
      <span className={s.what}>
        <GlanceLink target={target} open={open} label={label}>
          <bdi>{text}</bdi>
        </GlanceLink>
        {detail && <span className={s.detail}>{detail}</span>}
      </span>
      <span className={s.figure}>{figure}</span>
    </li>
  );
}

/**
 * A real link (it opens in a new tab as it is), which in place asks the machine to go: that may first switch the
 * session to the target's company.
 */
function GlanceLink({ target, open, label, children }: { target: GlanceTarget; open: Open; label?: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(target);
  };
  return (
    <a href={target.path} className={s.link} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
