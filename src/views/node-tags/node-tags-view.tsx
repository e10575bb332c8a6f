import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { nodeTagsMachine, type NodeTagValues } from '../../machines/node-tags.machine';
import type { NodeTag } from '../../api/contract/node-tags';
import { ResourceScreen } from '../ui/resource-screen';
import { InputField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as r from '../ui/resource-screen.css';

/** Node Tags (managers): a company's labels for its nodes. `?new=1` (the palette's "New node tag") opens the form. */
export function NodeTagsView() {
  const search = useSearch();
  // A new query (the palette again) starts the screen afresh.
  return <NodeTagsScreen key={search} startNew={new URLSearchParams(search).has('new')} />;
}

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
      title={t('nodeTags.title')}
      intro={t('nodeTags.intro')}
      tableLabel={t('nodeTags.table')}
      name={name}
      columns={columns}
      canWrite={role === 'admin' || role === 'manager'}
      newLabel={t('nodeTags.new')}
      formTitle={(editing) => (editing ? t('nodeTags.edit') : t('nodeTags.new'))}
      form={(f) => (
        <>
          <InputField label={t('nodeTags.name')} maxLength={100} {...f.text('name')} />
          <InputField label={t('nodeTags.colour')} type="color" {...f.text('colour')} />
        </>
      )}
    />
  );
}
