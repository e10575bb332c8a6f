import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { nodeTagsMachine, type NodeTagValues } from '../../machines/node-tags.machine';
import type { NodeTag } from '../../api/contract/node-tags';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as r from '../ui/list-parts.css';
import { mayManage } from '../../api/contract/roles';

/** Node Tags (managers): a company's labels for its nodes. `?new=1` (the palette's "New node tag") opens the form. */
export const NodeTagsView = freshPerSearch(NodeTagsScreen);

function NodeTagsScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(nodeTagsMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('nodeTags.name'), sortKey: 'name', text: (tag: NodeTag) => tag.name }), [locale]);
  const columns = useMemo((): Column<NodeTag>[] => [
    {
      id: 'colour',
      header: t('nodeTags.colour'),
      sortKey: 'colour',
      width: '10rem',
      cell: (tag) => (
        <span>
          {/* The tag's own colour is data, shown as a swatch beside its value. */}
          <span className={r.swatch} style={{ background: tag.colour }} aria-hidden="true" />
          {tag.colour}
        </span>
      ),
    },
    { id: 'nodeCount', header: t('nodeTags.nodeCount'), sortKey: 'nodeCount', width: '8rem', cell: (tag) => formatNumber(tag.nodeCount) },
  ], [locale]);
  return (
    <ResourceScreen<NodeTag, NodeTagValues>
      actor={actor}
      labels={screenLabels('nodeTags')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      form={(f) => (
        <>
          <InputField label={t('nodeTags.name')} maxLength={100} {...f.text('name')} />
          <InputField label={t('nodeTags.colour')} type="color" {...f.text('colour')} />
        </>
      )}
    />
  );
}
