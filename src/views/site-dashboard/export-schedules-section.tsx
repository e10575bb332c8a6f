import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import { exportSchedulesMachine, type ExportSchedulesActor } from '../../machines/export-schedules.machine';
import type { SiteView } from '../../machines/site-view';
import { SCHEDULE_EVERY, type ScheduleEvery } from '../../api/contract/export-schedules';
import { Button } from '../ui/button';
import { CheckboxGroupField, SelectField } from '../ui/form-field';
import { Muted, SectionBar, Stack } from '../ui/layout';
import { ErrorState, LoadingState } from '../ui/states';
import { PlainTable } from '../ui/plain-table';
import { ConfirmDelete, InlineForm, ListNotice } from '../list-and-form/resource-screen';

const everyText = (every: ScheduleEvery) => t(`schedules.every.${every}`);

/** Scheduled exports of this site (managers): the chart's data mailed every week or month to chosen members. */
export function ExportSchedulesSection({ siteId, view, maxPoints }: { siteId: string; view: SiteView; maxPoints: number }) {
  const actor = useActorRef(exportSchedulesMachine, { input: { scope: { siteId, view, maxPoints } } });
  const members = useSelector(actor, (s) => s.context.lookups['members'] ?? []);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }) && s.context.rows.length === 0);
  const failure = useSelector(actor, (s) => (s.matches({ list: 'failed' }) ? s.context.listFailure : null));
  if (loading) return <LoadingState label={t('schedules.loading')} variant="inline" />;
  if (failure) return <ErrorState compact message={t(failure.key, failure.params)} action={<Button onClick={() => actor.send({ type: 'list.reload' })}>{t('schedules.retry')}</Button>} />;
  return (
    <Stack gap="sm">
      <SectionBar title={t('schedules.title')} />
      <ListNotice actor={actor} />
      <ScheduleList actor={actor} />
      <InlineForm actor={actor} label={t('schedules.new')} submit={t('schedules.create')}>
        {(f) => (
          <>
            <Muted small as="p">{t('schedules.hint')}</Muted>
            <SelectField
              label={t('schedules.everyLabel')}
              value={f.values.every}
              options={SCHEDULE_EVERY.map((e) => ({ value: e, label: everyText(e) }))}
              onChange={(v) => f.change('every', v as ScheduleEvery)}
              onBlur={() => f.blur('every')}
            />
            <CheckboxGroupField label={t('schedules.recipients')} value={f.values.recipients} options={members} messages={f.errors.recipients} onChange={(ids) => f.change('recipients', ids)} />
          </>
        )}
      </InlineForm>
      <ConfirmDelete actor={actor} nameOf={(s) => s.name} />
    </Stack>
  );
}

function ScheduleList({ actor }: { actor: ExportSchedulesActor }) {
  const schedules = useSelector(actor, (s) => s.context.rows);
  const members = useSelector(actor, (s) => s.context.lookups['members'] ?? []);
  const nameOf = (id: string) => members.find((m) => m.value === id)?.label ?? id;
  if (schedules.length === 0) return null;
  return (
    <PlainTable
      label={t('schedules.table')}
      rows={schedules}
      rowKey={(s) => s.id}
      columns={[
        { id: 'every', header: t('schedules.col.every'), cell: (s) => everyText(s.every) },
        { id: 'recipients', header: t('schedules.col.recipients'), cell: (s) => s.recipients.map(nameOf).join(', ') },
        { id: 'next', header: t('schedules.col.next'), cell: (s) => formatDate(new Date(s.nextRunAt)) },
        {
          id: 'actions',
          header: t('schedules.col.actions'),
          quietHeader: true,
          cell: (s) => (
            <Button size="sm" variant="dangerQuiet" aria-label={t('schedules.deleteOne', { every: everyText(s.every), next: formatDate(new Date(s.nextRunAt)) })} onClick={() => actor.send({ type: 'delete.ask', id: s.id })}>
              {t('schedules.delete')}
            </Button>
          ),
        },
      ]}
    />
  );
}
