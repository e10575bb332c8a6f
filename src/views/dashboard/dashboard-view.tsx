import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { dashboardMachine } from '../../machines/dashboard.machine';
import type { DashboardResponse } from '../../api/contract/monitoring';
import * as s from '../shared.css';
import * as d from './dashboard.css';

type Site = DashboardResponse['sites'][number];

function SiteCard({ site, open, onNodes }: { site: Site; open: boolean; onNodes: () => void }) {
  return (
    <li className={d.card} aria-labelledby={`site-${site.id}`}>
      <Link id={`site-${site.id}`} data-keyitem href={`/site-dashboard?site=${encodeURIComponent(site.id)}`} className={d.siteLink} aria-label={t('dashboard.open', { site: site.name })}>
        {site.name}
      </Link>
      {site.address && <p className={d.muted}>{site.address}</p>}
      <div className={d.badges}>
        <span className={d.badge.ok}>{t('dashboard.online', { count: site.devicesOnline })}</span>
        {site.devicesOffline > 0 && <span className={d.badge.bad}>{t('dashboard.offline', { count: site.devicesOffline })}</span>}
        {site.outOfRangeFeeds > 0 ? (
          <span className={d.badge.warn}>{t('dashboard.outOfRange', { count: site.outOfRangeFeeds })}</span>
        ) : (
          <span className={d.badge.plain}>{t('dashboard.allInRange')}</span>
        )}
        {site.subSiteCount > 0 && <span className={d.badge.plain}>{t('dashboard.subSites', { count: site.subSiteCount })}</span>}
      </div>
      <p className={d.muted}>{site.lastReadingAt ? t('dashboard.lastReading', { time: formatDate(new Date(site.lastReadingAt)) }) : t('dashboard.noReadings')}</p>
      {site.latest.length > 0 && (
        <dl className={d.readings} aria-label={t('dashboard.latest')}>
          {site.latest.map((r) => (
            <div key={r.feedId} style={{ display: 'contents' }}>
              <dt>
                {r.nodeName} · {r.name}
              </dt>
              <dd className={r.inRange === false ? d.valueBad : d.value} style={{ margin: 0 }}>
                {formatNumber(r.value, { maximumFractionDigits: 2 })} {r.unit}
                {r.inRange === false && <span className={s.visuallyHidden}> ({t('site.outOfRange')})</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <button type="button" className={d.button} aria-expanded={open} onClick={onNodes}>
        {open ? t('dashboard.hideNodes') : t('dashboard.showNodes', { site: site.name })}
      </button>
    </li>
  );
}

/** Who is acting, for which company and with which role: admins jumping between shadows always know. */
function Identity() {
  const { session } = useActors();
  const info = useSelector(session, (st) => st.context.session?.basicInfo);
  const company = useSelector(session, (st) => st.context.session?.companyName ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  if (!info || !role) return null;
  return (
    <ul className={d.badges} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('topbar.account')}>
      <li className={d.badge.plain}>{t('home.signedInAs', { name: info.name, email: info.email })}</li>
      <li className={d.badge.plain}>{company ? t('home.company', { company }) : t('home.noCompany')}</li>
      <li className={d.badge.plain}>{t('home.role', { role: t(`role.${role}`) })}</li>
    </ul>
  );
}

/** The dashboard: the company's sites with their health now; one click or Enter opens a site. */
export function DashboardView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  if (!companyId) {
    return (
      <section className={d.page} aria-labelledby="page-title">
        <h1 id="page-title" className={s.title}>{t('dashboard.title')}</h1>
        <Identity />
        <p>{t('dashboard.noCompany')}</p>
        {role === 'admin' && <Link href="/admin-dashboard">{t('dashboard.openAdmin')}</Link>}
      </section>
    );
  }
  return <CompanyDashboard />;
}

function CompanyDashboard() {
  const { session } = useActors();
  // The machine follows company switches itself (it re-reads the sites for the new token).
  const dash = useActorRef(dashboardMachine, { input: { session } });
  const data = useSelector(dash, (st) => st.context.dashboard);
  const error = useSelector(dash, (st) => st.context.error);
  const loading = useSelector(dash, (st) => st.matches({ sites: 'loading' }) && !st.context.dashboard);
  const openSite = useSelector(dash, (st) => st.context.siteId);
  const nodes = useSelector(dash, (st) => st.context.nodes);
  const nodesLoading = useSelector(dash, (st) => st.matches({ nodes: 'requesting' }));
  return (
    <section className={d.page} aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className={s.title}>{t('dashboard.title')}</h1>
        <Identity />
        {data && <p className={d.muted}>{t('dashboard.intro', { company: data.companyName })}</p>}
      </div>
      {loading && <p role="status">{t('dashboard.loading')}</p>}
      {error && (
        <p role="alert" className={s.errorText}>
          {t('dashboard.failed', { message: error })}{' '}
          <button type="button" className={d.button} onClick={() => dash.send({ type: 'dashboard.refresh' })}>{t('dashboard.retry')}</button>
        </p>
      )}
      {data && data.sites.length === 0 && <p>{t('dashboard.none')}</p>}
      {data && data.sites.length > 0 && (
        <ul className={d.grid} data-keylist>
          {data.sites.map((site) => (
            <SiteCard
              key={site.id}
              site={site}
              open={openSite === site.id}
              onNodes={() => dash.send(openSite === site.id ? { type: 'dashboard.closeNodes' } : { type: 'dashboard.nodes', siteId: site.id })}
            />
          ))}
        </ul>
      )}
      {openSite && (
        <section className={d.card} aria-labelledby="nodes-title">
          <h2 id="nodes-title">{t('site.nodes')}</h2>
          {nodesLoading ? (
            <p role="status">{t('site.loading')}</p>
          ) : (
            <ul>
              {nodes.map((n) => (
                <li key={n.id}>
                  {n.name} — {n.deviceType} — {n.online ? t('site.statusOnline') : t('site.statusOffline')}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}
