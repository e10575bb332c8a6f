import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { feedsMachine, type FeedValues } from '../../machines/feeds.machine';
import type { Feed } from '../../api/contract/feeds';
import { ResourceScreen, WhereField, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import { signalTypeName } from '../ui/built-in-names';
import { mayManage } from '../../api/contract/roles';

/** A feed's own range as the list shows it; none at all means the site's applies. */
function rangeText(f: Feed): string {
  if (f.low === null && f.high === null) return t('feeds.rangeNone');
  const end = (v: number | null) => (v === null ? t('feeds.rangeOpen') : formatNumber(v));
  return t('feeds.rangeValue', { low: end(f.low), high: end(f.high) });
}

/** Feeds (managers): the channels of the company's nodes. `?new=1` (the palette's "New feed") opens the form. */
export const FeedsView = freshPerSearch(FeedsScreen);

function FeedsScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(feedsMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('feeds.name'), sortKey: 'name', text: (f: Feed) => signalTypeName(null, f.name) }), [locale]);
  const columns = useMemo((): Column<Feed>[] => [
    { id: 'node', header: t('feeds.node'), sortKey: 'nodeName', width: '1.5fr', cell: (f) => f.nodeName },
    { id: 'site', header: t('feeds.site'), sortKey: 'siteName', width: '1.5fr', cell: (f) => f.siteName },
    { id: 'signalType', header: t('feeds.signalType'), sortKey: 'signalTypeName', width: '1.3fr', cell: (f) => signalTypeName(null, f.signalTypeName) },
    { id: 'unit', header: t('feeds.unit'), width: '5rem', cell: (f) => f.unit },
    { id: 'range', header: t('feeds.range'), width: '1.2fr', cell: rangeText },
  ], [locale]);
  return (
    <ResourceScreen<Feed, FeedValues>
      actor={actor}
      labels={screenLabels('feeds')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      filters={
        <>
          <WhereField actor={actor} name="siteId" all={t('feeds.allSites')} label={t('feeds.site')} lookup="sites" />
          <WhereField actor={actor} name="nodeId" all={t('feeds.allNodes')} label={t('feeds.node')} lookup="nodes" />
          <WhereField actor={actor} name="signalTypeId" all={t('feeds.allSignalTypes')} label={t('feeds.signalType')} lookup="signalTypes" />
        </>
      }
      form={(f) => (
        <>
          <SelectField label={t('feeds.node')} options={f.choices('nodes')} placeholder={t('feeds.choose')} {...f.text('nodeId')} />
          <SelectField label={t('feeds.signalType')} options={f.choices('signalTypes')} placeholder={t('feeds.choose')} {...f.text('signalTypeId')} />
          <InputField label={t('feeds.name')} maxLength={200} {...f.text('name')} />
          <InputField label={t('feeds.low')} inputMode="decimal" hint={t('feeds.rangeHint')} {...f.text('low')} />
          <InputField label={t('feeds.high')} inputMode="decimal" {...f.text('high')} />
        </>
      )}
    />
  );
}
