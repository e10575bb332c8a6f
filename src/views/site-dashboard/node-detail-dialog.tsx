import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useActors } from '../actors';
import { formatDate, t, type I18nKey } from '../../i18n';
import { formatRange, formatReading } from '../ui/reading-format';
import { BatteryLevel, SignalLevel } from '../ui/link-health';
import type { AlertEvent, AlertEventState } from '../../api/contract/alerts';
import type { FeedInfo, NodeInfo, SiteBasicInfo } from '../../api/contract/monitoring';
import { nodeDetailMachine } from '../../machines/node-detail.machine';
import { boundsOf, rangeOf } from '../../machines/site-dashboard.machine';
import { DialogActions, Modal } from '../ui/dialog';
import { Button } from '../ui/button';
import { Fact, FactList } from '../ui/facts';
import { Muted, Stack } from '../ui/layout';
import { ScrollArea } from '../ui/scroll-area';
import { SeverityBadge } from '../ui/severity-badge';
import { StatusBadge, type Status } from '../ui/status-badge';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import * as s from './node-detail-dialog.css';
import { deviceTypeName, feedName } from '../ui/built-in-names';

const STATE_STATUS: Record<AlertEventState, Status> = { active: 'error', acknowledged: 'warning', resolved: 'ok' };
const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/** A feed's safe range in words ("2–8 °C", "≥ 10 %"), or null when it has none. */
function rangeText(feed: FeedInfo, node: NodeInfo, site: SiteBasicInfo | null): string | null {
  const b = boundsOf(feed, node.deviceType, site);
  return b ? formatRange(b.min, b.max, feed.unit) : null;
}

export interface NodeDetailDialogProps {
  /** The node as the site dashboard holds it: its feeds' latest readings move live there, and so here. */
  node: NodeInfo;
  /** The open site, whose safe range judges fridge probes without a range of their own. */
  site: SiteBasicInfo | null;
  /** Escape or Close. */
  onClose: () => void;
}

/**
 * One node of the site dashboard: each feed's latest reading against its safe range, the node's
 * battery, signal and last seen, and its alert events (`GET /api/alertevents/{nodeId}`), each a way to Alert Events.
 */
export function NodeDetailDialog({ node, site, onClose }: NodeDetailDialogProps) {
  const { stream } = useActors();
  const actor = useActorRef(nodeDetailMachine, { input: { nodeId: node.id, live: stream } });
  const events = useSelector(actor, (st) => st.context.events);
  const loading = useSelector(actor, (st) => st.matches('loading'));
  const failure = useSelector(actor, (st) => (st.matches('failed') ? st.context.failure : null));
  const empty = useSelector(actor, (st) => st.matches('empty'));
  const readingsId = useId();
  const eventsId = useId();
  const unitOf = new Map(node.feeds.map((f) => [f.id, f.unit]));

  return (
    <Modal title={node.name} onClose={onClose}>
      <Stack gap="md">
        <FactList>
          <Fact term={t('site.type')}>{deviceTypeName(node.deviceType)}</Fact>
          <Fact term={t('site.serial')}>{node.serial}</Fact>
          <Fact term={t('site.status')}>
            <StatusBadge variant="inline" status={node.online ? 'ok' : 'offline'} label={node.online ? t('site.statusOnline') : t('site.statusOffline')} />
          </Fact>
          <Fact term={t('site.battery')}>
            <BatteryLevel pct={node.batteryPct} />
          </Fact>
          <Fact term={t('site.signal')}>
            <SignalLevel dbm={node.signalDbm} />
          </Fact>
          <Fact term={t('site.lastSeen')}>{node.lastSeenAt ? when(node.lastSeenAt) : t('site.never')}</Fact>
        </FactList>

        <Stack as="section" gap="sm" aria-labelledby={readingsId}>
          <h3 id={readingsId} className={s.heading}>{t('nodeDetail.readings')}</h3>
          {node.feeds.length === 0 ? (
            <EmptyState compact title={t('nodeDetail.noFeeds')} />
          ) : (
            <ul className={s.list}>
              {node.feeds.map((f) => (
                <FeedItem key={f.id} feed={f} node={node} site={site} />
              ))}
            </ul>
          )}
        </Stack>

        <Stack as="section" gap="sm" aria-labelledby={eventsId}>
          <h3 id={eventsId} className={s.heading}>{t('nodeDetail.events')}</h3>
          <Muted small as="p">{t('nodeDetail.eventsIntro')}</Muted>
          {failure ? (
            <ErrorState
              compact
              message={t('nodeDetail.eventsFailed', { message: t(failure.key, failure.params) })}
              action={<Button onClick={() => actor.send({ type: 'events.retry' })}>{t('nodeDetail.retry')}</Button>}
            />
          ) : loading && events.length === 0 ? (
            <LoadingState variant="inline" label={t('nodeDetail.eventsLoading')} />
          ) : empty ? (
            <EmptyState compact title={t('nodeDetail.eventsEmpty')} />
          ) : (
            <ScrollArea maxHeight="18rem">
              <ul className={s.list} aria-labelledby={eventsId}>
                {events.map((e) => (
                  <EventItem key={e.id} event={e} unit={e.unit ?? ((e.feedId && unitOf.get(e.feedId)) || '')} />
                ))}
              </ul>
            </ScrollArea>
          )}
        </Stack>

        <DialogActions>
          <Button onClick={onClose}>{t('nodeDetail.close')}</Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** A feed's latest value with its unit and time, and whether it is inside its safe range. */
function FeedItem({ feed, node, site }: { feed: FeedInfo; node: NodeInfo; site: SiteBasicInfo | null }) {
  const range = feed.latest ? rangeOf(feed, node.deviceType, feed.latest.value, site) : null;
  const bounds = rangeText(feed, node, site);
  return (
    <li className={s.item}>
      <div className={s.line}>
        <span className={s.name}>{feedName(feed)}</span>
        {feed.latest ? <bdi className={s.value}>{formatReading(feed.latest.value, feed.unit)}</bdi> : <Muted>{t('nodeDetail.noReading')}</Muted>}
        {range && <StatusBadge variant="inline" status={range === 'in' ? 'ok' : 'error'} label={range === 'in' ? t('site.inRange') : t('site.outOfRange')} />}
      </div>
      {(feed.latest || bounds) && (
        <div className={s.line}>
          {feed.latest && (
            <Muted small>
              <time dateTime={feed.latest.at}>{when(feed.latest.at)}</time>
            </Muted>
          )}
          {bounds && (
            <Muted small>
              {t('nodeDetail.safeRange')} <bdi>{bounds}</bdi>
            </Muted>
          )}
        </div>
      )}
    </li>
  );
}

/** One alert event: its rule (a link to Alert Events), severity and state, when it started and ended, and its peak. */
function EventItem({ event: e, unit }: { event: AlertEvent; unit: string }) {
  return (
    <li className={s.item}>
      <div className={s.line}>
        <Link href={`/alert-events?event=${encodeURIComponent(e.id)}`} className={s.eventLink} aria-label={t('nodeDetail.openEvent', { rule: e.ruleName, time: when(e.startedAt) })}>
          {e.ruleName}
        </Link>
        <SeverityBadge severity={e.severity} />
        <StatusBadge variant="inline" status={STATE_STATUS[e.state]} label={t(`alertEvents.state.${e.state}` as I18nKey)} />
      </div>
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt className={s.term}>{t('alertEvents.facts.started')}</dt>
          <dd className={s.factValue}>
            <time dateTime={e.startedAt}>{when(e.startedAt)}</time>
          </dd>
        </div>
        <div className={s.fact}>
          <dt className={s.term}>{t('alertEvents.facts.ended')}</dt>
          <dd className={s.factValue}>{e.endedAt ? <time dateTime={e.endedAt}>{when(e.endedAt)}</time> : t('alertEvents.ongoing')}</dd>
        </div>
        <div className={s.fact}>
          <dt className={s.term}>{t('alertEvents.facts.peak')}</dt>
          <dd className={s.factValue}>{e.peak === null ? '—' : <bdi>{formatReading(e.peak, unit)}</bdi>}</dd>
        </div>
      </dl>
    </li>
  );
}
