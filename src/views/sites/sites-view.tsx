import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { sitesMachine, type SiteValues } from '../../machines/sites.machine';
import { coordinatesReadout, decimalDegrees } from '../../machines/site-tree';
import type { Site } from '../../api/contract/sites';
import { ResourceScreen, WhereField, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField, TimeZoneField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import { mayManage } from '../../api/contract/roles';

/** Sites (managers): the company's sites and sub-sites. `?new=1` (the palette's "New site") opens the form. */
export const SitesView = freshPerSearch(SitesScreen);

function SitesScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(sitesMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('sites.name'), sortKey: 'name', text: (s: Site) => s.name, width: '2.4fr' }), [locale]);
  const columns = useMemo((): Column<Site>[] => [
    { id: 'parent', header: t('sites.parent'), width: '1.6fr', cell: (s) => s.parentName ?? t('sites.topLevel') },
    { id: 'timezone', header: t('sites.timezone'), sortKey: 'timezone', width: '9rem', cell: (s) => s.timezone },
    {
      id: 'coordinates',
      header: t('sites.coordinates'),
      width: '10rem',
      cell: (s) => (s.latitude !== null && s.longitude !== null ? decimalDegrees({ latitude: s.latitude, longitude: s.longitude }) : t('sites.noPosition')),
    },
    { id: 'subSiteCount', header: t('sites.subSites'), width: '5.5rem', cell: (s) => formatNumber(s.subSiteCount) },
    { id: 'hubCount', header: t('sites.hubs'), sortKey: 'hubCount', width: '4.5rem', cell: (s) => formatNumber(s.hubCount) },
    { id: 'nodeCount', header: t('sites.nodes'), sortKey: 'nodeCount', width: '4.5rem', cell: (s) => formatNumber(s.nodeCount) },
  ], [locale]);
  return (
    <ResourceScreen<Site, SiteValues>
      actor={actor}
      labels={screenLabels('sites')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      filters={
        <WhereField actor={actor} name="parentSiteId" label={t('sites.parentFilter')} all={t('sites.parentAny')} lookup="sites" />
      }
      form={(f) => {
        const readout = coordinatesReadout(f.values.coordinates);
        return (
          <>
            <InputField label={t('sites.name')} maxLength={200} {...f.text('name')} />
            <SelectField label={t('sites.parent')} options={f.choices('sites')} placeholder={t('sites.parentNone')} {...f.text('parentSiteId')} />
            <InputField label={t('sites.address')} maxLength={500} autoComplete="street-address" {...f.text('address')} />
            <InputField label={t('sites.coordinates')} maxLength={100} hint={t('sites.coordinatesHint')} {...f.text('coordinates')}>
              {/* Polite: the read-out follows the typing without interrupting it. */}
              <span aria-live="polite">
                {readout === 'empty' ? t('sites.coordinatesEmpty') : readout === 'invalid' ? t('sites.coordinatesUnread') : t('sites.coordinatesReadout', { value: readout })}
              </span>
            </InputField>
            <TimeZoneField label={t('sites.timezone')} {...f.text('timezone')} />
            <InputField label={t('sites.low')} inputMode="decimal" hint={t('sites.rangeHint')} {...f.text('low')} />
            <InputField label={t('sites.high')} inputMode="decimal" {...f.text('high')} />
          </>
        );
      }}
    />
  );
}
