import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { inTrouble, isOpen, plexusMachine, treeTrouble, type HubBranch, type LinkTrouble, type NodeLink, type SiteBranch } from '../../machines/plexus.machine';
import { Card, Cluster, Muted, Page } from '../ui/layout';
import { Button } from '../ui/button';
import { StatusBadge } from '../ui/status-badge';
import { BatteryLevel, SignalLevel } from '../ui/link-health';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { ChooseCompany } from '../ui/choose-company';
import { TextLink } from '../ui/links';
import { CheckboxField } from '../ui/form-field';
import * as s from './plexus.css';

type PlexusActor = ActorRefFrom<typeof plexusMachine>;

/** Plexus: which device has gone quiet or has a weak link, site by site, hub by hub. */
export function PlexusView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  if (!companyId) {
    return (
      <Page title={t('plexus.title')} width="wide">
        <Card>
          <ChooseCompany body={t('plexus.noCompany')} />
        </Card>
      </Page>
    );
  }
  return <PlexusOf companyId={companyId} />;
}

/** What is wrong under a branch, in words with the status's symbol and colour; a tick when nothing is. */
function Trouble({ trouble }: { trouble: LinkTrouble }) {
  if (trouble.offline + trouble.weak === 0) return <StatusBadge variant="inline" status="ok" label={t('plexus.healthy')} />;
  return (
    <>
      {trouble.offline > 0 && <StatusBadge variant="inline" status="offline" label={t('plexus.offlineCount', { count: formatNumber(trouble.offline) })} />}
      {trouble.weak > 0 && <StatusBadge variant="inline" status="warning" label={t('plexus.weakCount', { count: formatNumber(trouble.weak) })} />}
    </>
  );
}

function PlexusOf({ companyId }: { companyId: string }) {
  const { session } = useActors();
  // Started with the company in view; the machine follows later switches itself.
  const page = useActorRef(plexusMachine, { input: { companyId, session } });
  const tree = useSelector(page, (st) => st.context.tree);
  const error = useSelector(page, (st) => st.context.error);
  const loading = useSelector(page, (st) => st.matches('loading') && st.context.tree.length === 0);
  const onlyTrouble = useSelector(page, (st) => st.context.onlyTrouble);
  const ready = tree.length > 0;
  return (
    <Page
      title={t('plexus.title')}
      subtitle={t('plexus.intro')}
      width="wide"
      actions={
        ready && (
          <Cluster>
            <Button size="sm" onClick={() => page.send({ type: 'plexus.expandAll' })}>{t('plexus.expandAll')}</Button>
            <Button size="sm" onClick={() => page.send({ type: 'plexus.collapseAll' })}>{t('plexus.collapseAll')}</Button>
          </Cluster>
        )
      }
    >
      {loading && <LoadingState variant="skeleton" label={t('plexus.loading')} />}
      {error && (
        <ErrorState
          compact
          message={t('plexus.failed', { message: t(error.key, error.params) })}
          action={<Button variant="secondary" onClick={() => page.send({ type: 'plexus.refresh' })}>{t('manage.retry')}</Button>}
        />
      )}
      {ready && (
        <div className={s.summary}>
          <p className={s.summaryLine}>
            <Trouble trouble={treeTrouble(tree)} />
          </p>
          <CheckboxField label={t('plexus.onlyTrouble')} checked={onlyTrouble} onChange={(on) => page.send({ type: 'plexus.onlyTrouble', on })} />
        </div>
      )}
      {/* Nested lists with disclosure buttons rather than an ARIA tree: Tab and Enter work in every reader, nothing to learn. */}
      <ul className={s.tree} aria-label={t('plexus.tree')}>
        {tree.map((site) => (
          <Site key={site.siteId} site={site} page={page} onlyTrouble={onlyTrouble} />
        ))}
      </ul>
    </Page>
  );
}

/** A disclosure's open state, as the machine holds it. */
const useOpen = (page: PlexusActor, id: string, trouble: LinkTrouble) => useSelector(page, (st) => isOpen(st.context.expanded, id, trouble));

function Disclosure({ page, id, open, controls, children }: { page: PlexusActor; id: string; open: boolean; controls: string; children: ReactNode }) {
  return (
    <button type="button" className={s.toggle} aria-expanded={open} aria-controls={open ? controls : undefined} onClick={() => page.send({ type: 'plexus.toggle', id, open: !open })}>
      <span aria-hidden="true" className={open ? `${s.chevron} ${s.chevronOpen}` : s.chevron}>
        ▸
      </span>
      {children}
    </button>
  );
}

function Site({ site, page, onlyTrouble }: { site: SiteBranch; page: PlexusActor; onlyTrouble: boolean }) {
  const open = useOpen(page, site.siteId, site.trouble);
  const listId = `plexus-site-${site.siteId}`;
  return (
    <li className={s.site}>
      <h2 className={s.heading}>
        <Disclosure page={page} id={site.siteId} open={open} controls={listId}>
          <bdi className={s.siteName}>{site.siteName}</bdi>
          <Trouble trouble={site.trouble} />
        </Disclosure>
      </h2>
      {open &&
        (site.hubs.length === 0 ? (
          <EmptyState compact title={t('plexus.empty')} />
        ) : (
          <ul id={listId} className={s.branch} aria-label={t('plexus.hubsOf', { name: site.siteName })}>
            {site.hubs.map((hub) => (
              <Hub key={hub.id} hub={hub} page={page} onlyTrouble={onlyTrouble} />
            ))}
          </ul>
        ))}
    </li>
  );
}

function Hub({ hub, page, onlyTrouble }: { hub: HubBranch; page: PlexusActor; onlyTrouble: boolean }) {
  const open = useOpen(page, hub.id, hub.trouble);
  const listId = `plexus-hub-${hub.id}`;
  const nodes = onlyTrouble ? hub.nodes.filter(inTrouble) : hub.nodes;
  const hidden = hub.nodes.length - nodes.length;
  return (
    <li>
      <h3 className={s.heading}>
        <Disclosure page={page} id={hub.id} open={open} controls={listId}>
          <bdi className={s.hubName}>{t('plexus.hub', { name: hub.name })}</bdi>
          <StatusBadge variant="inline" status={hub.online ? 'ok' : 'offline'} label={t(hub.online ? 'site.statusOnline' : 'site.statusOffline')} />
          {hub.nodeTrouble.offline + hub.nodeTrouble.weak > 0 && <Trouble trouble={hub.nodeTrouble} />}
        </Disclosure>
      </h3>
      {open &&
        (hub.nodes.length === 0 ? (
          <Muted small as="p">{t('plexus.noNodes')}</Muted>
        ) : (
          <ul id={listId} className={s.branch} aria-label={t('plexus.nodesOf', { name: hub.name })}>
            {nodes.map((n) => (
              <Node key={n.id} node={n} />
            ))}
            {hidden > 0 && (
              <li className={s.hidden}>
                <StatusBadge variant="inline" status="ok" label={t('plexus.healthyHidden', { count: formatNumber(hidden) })} />
              </li>
            )}
          </ul>
        ))}
    </li>
  );
}

/** A node's status: quiet first, then a weak link in words, else online. */
function NodeStatus({ node: n }: { node: NodeLink }) {
  if (!n.online) return <StatusBadge variant="inline" status="offline" label={t('site.statusOffline')} />;
  if (n.weakBattery) return <StatusBadge variant="inline" status="warning" label={t('health.weakBattery')} />;
  if (n.weakSignal) return <StatusBadge variant="inline" status="warning" label={t('health.weakSignal')} />;
  return <StatusBadge variant="inline" status="ok" label={t('site.statusOnline')} />;
}

function Node({ node: n }: { node: NodeLink }) {
  return (
    <li className={s.node} data-weak={n.weakBattery || n.weakSignal || undefined}>
      <span className={s.nodeName}>
        <TextLink href={`/site-dashboard?site=${encodeURIComponent(n.siteId)}&node=${encodeURIComponent(n.id)}`} aria-label={t('plexus.nodeLink', { node: n.name })}>
          <bdi>{n.name}</bdi>
        </TextLink>
        <Muted small>
          <bdi>{n.deviceType}</bdi>
        </Muted>
      </span>
      <span className={s.status}>
        <NodeStatus node={n} />
      </span>
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt className={s.factLabel}>{t('site.battery')}</dt>
          <dd>
            <BatteryLevel pct={n.batteryPct} />
          </dd>
        </div>
        <div className={s.fact}>
          <dt className={s.factLabel}>{t('site.signal')}</dt>
          <dd>
            <SignalLevel dbm={n.signalDbm} />
          </dd>
        </div>
        <div className={s.fact}>
          <dt className={s.factLabel}>{t('site.lastSeen')}</dt>
          <dd>
            <bdi>{n.lastSeenAt ? formatDate(new Date(n.lastSeenAt), { dateStyle: 'short', timeStyle: 'short' }) : t('site.never')}</bdi>
          </dd>
        </div>
      </dl>
    </li>
  );
}
