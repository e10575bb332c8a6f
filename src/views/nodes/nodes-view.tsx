import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { useActors } from '../actors';
import { currentLocale, formatDate, t } from '../../i18n';
import { nodesMachine, type NodeValues } from '../../machines/nodes.machine';
import { DEVICE_TYPES, type NodeItem } from '../../api/contract/nodes';
import { ResourceScreen } from '../ui/resource-screen';
import { CheckboxGroupField, InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as r from '../ui/resource-screen.css';
import * as n from './nodes.css';

/** Device types are data (the names printed on the devices), so they are offered as they are, untranslated. */
const DEVICE_TYPE_CHOICES = DEVICE_TYPES.map((d) => ({ value: d, label: d }));

/** Nodes (managers): a company's devices, each behind a hub. `?new=1` (the palette's "New node") opens the form. */
export function NodesView() {
  const search = useSearch();
  // A new query (the palette again) starts the screen afresh.
  return <NodesScreen key={search} startNew={new URLSearchParams(search).has('new')} />;
}

function NodesScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(nodesMachine, { input: { startNew } });
  const lookups = useSelector(actor, (st) => st.context.lookups);
  const filters = useSelector(actor, (st) => st.context.filters);
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('nodes.name'), sortKey: 'name', text: (node: NodeItem) => node.name }), [locale]);
  const columns = useMemo((): Column<NodeItem>[] => [
    { id: 'deviceType', header: t('nodes.deviceType'), sortKey: 'deviceType', width: '1.3fr', cell: (node) => node.deviceType },
    { id: 'hub', header: t('nodes.hub'), sortKey: 'hubName', width: '1.3fr', cell: (node) => node.hubName },
    { id: 'site', header: t('nodes.site'), sortKey: 'siteName', width: '1.3fr', cell: (node) => node.siteName },
    {
      id: 'tags',
      header: t('nodes.tags'),
      width: '1.5fr',
      cell: (node) => (
        <span className={n.tags}>
          {node.tags.map((tag) => (
            <span key={tag.id} className={n.tag}>
              {/* The tag's own colour is data, shown as a dot beside its name. */}
              <span className={r.swatch} style={{ background: tag.colour }} aria-hidden="true" />
              {tag.name}
            </span>
          ))}
        </span>
      ),
    },
    {
      id: 'lastSeen',
      header: t('nodes.lastSeen'),
      sortKey: 'lastSeenAt',
      width: '11rem',
      cell: (node) => (node.lastSeenAt ? formatDate(new Date(node.lastSeenAt)) : <span className={n.never}>{t('nodes.never')}</span>),
    },
  ], [locale]);
  const where = (filter: string) => (value: string) => actor.send({ type: 'list.where', name: filter, value });
  return (
    <ResourceScreen<NodeItem, NodeValues>
      actor={actor}
      title={t('nodes.title')}
      intro={t('nodes.intro')}
      tableLabel={t('nodes.table')}
      name={name}
      columns={columns}
      canWrite={role === 'admin' || role === 'manager'}
      newLabel={t('nodes.new')}
      formTitle={(editing) => (editing ? t('nodes.edit') : t('nodes.new'))}
      filters={
        <>
          <div className={n.filterField}>
            <SelectField label={t('nodes.site')} value={filters.siteId ?? ''} options={lookups.sites ?? []} placeholder={t('nodes.allSites')} onChange={where('siteId')} onBlur={() => undefined} />
          </div>
          <div className={n.filterField}>
            <SelectField label={t('nodes.hub')} value={filters.hubId ?? ''} options={lookups.hubs ?? []} placeholder={t('nodes.allHubs')} onChange={where('hubId')} onBlur={() => undefined} />
          </div>
          <div className={n.filterField}>
            <SelectField label={t('nodes.tags')} value={filters.tagId ?? ''} options={lookups.tags ?? []} placeholder={t('nodes.allTags')} onChange={where('tagId')} onBlur={() => undefined} />
          </div>
        </>
      }
      form={(f) => (
        <>
          <InputField label={t('nodes.name')} maxLength={200} {...f.text('name')} />
          <InputField label={t('nodes.serial')} maxLength={64} {...f.text('serial')} />
          <SelectField label={t('nodes.deviceType')} options={DEVICE_TYPE_CHOICES} placeholder={t('nodes.chooseDeviceType')} {...f.text('deviceType')} />
          <SelectField label={t('nodes.hub')} options={f.choices('hubs')} placeholder={t('nodes.chooseHub')} {...f.text('hubId')} />
          <CheckboxGroupField
            label={t('nodes.tags')}
            value={f.values.tagIds}
            options={f.choices('tags')}
            hint={f.choices('tags').length ? undefined : t('nodes.noTags')}
            messages={f.errors.tagIds}
            onChange={(value) => f.change('tagIds', value)}
          />
        </>
      )}
    />
  );
}
