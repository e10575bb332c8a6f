import { useCallback, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { mayChangeSignalType, signalTypesMachine, type SignalTypeValues } from '../../machines/signal-types.machine';
import { SIGNAL_KINDS, type SignalType } from '../../api/contract/signal-types';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as l from '../ui/list.css';
import { signalTypeName } from '../ui/built-in-names';
import { mayManage } from '../../api/contract/roles';

/** Signal Types (managers): built-in and company types. `?new=1` (the palette's "New signal type") opens the form. */
export const SignalTypesView = freshPerSearch(SignalTypesScreen);

function SignalTypesScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(signalTypesMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const canEdit = useCallback((type: SignalType) => mayChangeSignalType(role, type), [role]);
  const name = useMemo(() => ({ header: t('signalTypes.name'), sortKey: 'name', text: (s: SignalType) => (s.builtIn ? signalTypeName(s.key, s.name) : s.name) }), [locale]);
  const columns = useMemo((): Column<SignalType>[] => [
    { id: 'key', header: t('signalTypes.key'), sortKey: 'key', width: '1.5fr', cell: (s) => <code>{s.key}</code> },
    { id: 'unit', header: t('signalTypes.unit'), sortKey: 'unit', width: '6rem', cell: (s) => s.unit },
    { id: 'kind', header: t('signalTypes.kind'), sortKey: 'kind', width: '8rem', cell: (s) => t(`signalTypes.kindShort.${s.kind}`) },
    {
      id: 'source',
      header: t('signalTypes.source'),
      width: '8rem',
      cell: (s) => (s.builtIn ? <span className={l.badge}>{t('signalTypes.builtIn')}</span> : t('signalTypes.own')),
    },
    { id: 'feedCount', header: t('signalTypes.feeds'), sortKey: 'feedCount', width: '6rem', cell: (s) => formatNumber(s.feedCount) },
  ], [locale]);
  const kinds = useMemo(() => SIGNAL_KINDS.map((k) => ({ value: k, label: t(`signalTypes.kind.${k}`) })), [locale]);
  return (
    <ResourceScreen<SignalType, SignalTypeValues>
      actor={actor}
      labels={screenLabels('signalTypes')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      canEdit={canEdit}
      form={(f) => (
        <>
          <InputField label={t('signalTypes.key')} maxLength={64} hint={t('signalTypes.keyHint')} disabled={f.editing} {...f.text('key')} />
          <InputField label={t('signalTypes.name')} maxLength={200} {...f.text('name')} />
          <InputField label={t('signalTypes.unit')} maxLength={32} hint={t('signalTypes.unitHint')} {...f.text('unit')} />
          <SelectField label={t('signalTypes.kind')} options={kinds} {...f.text('kind')} />
        </>
      )}
    />
  );
}
