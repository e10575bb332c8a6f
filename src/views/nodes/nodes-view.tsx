import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatDate, t } from '../../i18n';
import { nodesMachine, type NodeValues } from '../../machines/nodes.machine';
import { DEVICE_TYPES, type NodeItem } from '../../api/contract/nodes';
import { ResourceScreen, WhereField, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { TagList } from '../ui/tag-list';
import { Muted } from '../ui/layout';
import { CheckboxGroupField, InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import { deviceTypeName } from '../ui/built-in-names';
import { mayManage } from '../../api/contract/roles';

/** Device types: the API's English values, offered under labels in the reader's language. */
const deviceTypeChoices = (): { value: string; label: string }[] => DEVICE_TYPES.map((d) => ({ value: d, label: deviceTypeName(d) }));


/** Nodes (managers): a company's devices, each behind a hub. `?new=1` (the palette's "New node") opens the form. */
export const NodesView = freshPerSearch(NodesScreen);

function NodesScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(nodesMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('nodes.name'), sortKey: 'name', text: (node: NodeItem) => node.name }), [locale]);
  const columns = useMemo((): Column<NodeItem>[] => [
    { id: 'deviceType', header: t('nodes.deviceType'), sortKey: 'deviceType', width: '1.3fr', cell: (node) => deviceTypeName(node.deviceType) },
    { id: 'hub', header: t('nodes.hub'), sortKey: 'hubName', width: '1.3fr', cell: (node) => node.hubName },
    { id: 'site', header: t('nodes.site'), sortKey: 'siteName', width: '1.3fr', cell: (node) => node.siteName },
    {
      id: 'tags',
      header: t('nodes.tags'),
      width: '1.5fr',
      // The tag's own colour is data, shown as a dot beside its name.
      cell: (node) => <TagList tags={node.tags} />,
    },
    {
      id: 'lastSeen',
      header: t('nodes.lastSeen'),
      sortKey: 'lastSeenAt',
      width: '11rem',
      cell: (node) => (node.lastSeenAt ? formatDate(new Date(node.lastSeenAt)) : <Muted>{t('nodes.never')}</Muted>),
    },
  ], [locale]);
  return (
    <ResourceScreen<NodeItem, NodeValues>
      actor={actor}
      labels={screenLabels('nodes')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      filters={
        <>
          <WhereField actor={actor} name="siteId" label={t('nodes.site')} all={t('nodes.allSites')} lookup="sites" />
          <WhereField actor={actor} name="hubId" label={t('nodes.hub')} all={t('nodes.allHubs')} lookup="hubs" />
          <WhereField actor={actor} name="tagId" label={t('nodes.tags')} all={t('nodes.allTags')} lookup="tags" />
        </>
      }
      form={(f) => (
        <>
          <InputField label={t('nodes.name')} maxLength={200} {...f.text('name')} />
          <InputField label={t('nodes.serial')} maxLength={64} {...f.text('serial')} />
          <SelectField label={t('nodes.deviceType')} options={deviceTypeChoices()} placeholder={t('nodes.chooseDeviceType')} {...f.text('deviceType')} />
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
