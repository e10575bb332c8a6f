import { type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, t } from '../../i18n';
import { exportSchedulesMachine } from '../../machines/export-schedules.machine';
import type { SiteView } from '../../machines/site-view';
import { SCHEDULE_EVERY, type ScheduleEvery } from '../../api/contract/export-schedules';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { CheckboxGroupField, SelectField } from '../ui/form-field';
import { Muted, SectionBar, Stack } from '../ui/layout';
import { ErrorState, LoadingState } from '../ui/states';
import { PlainTable } from '../ui/plain-table';

/** Scheduled exports of this site (managers): the chart's data mailed every week or month to chosen members. */
export function ExportSchedulesSection({ siteId, view, maxPoints }: { siteId: string; view: SiteView; maxPoints: number }) {
  const actor = useActorRef(exportSchedulesMachine, { input: { siteId, view, maxPoints } });
  const schedules = useSelector(actor, (s) => s.context.schedules);
  const members = useSelector(actor, (s) => s.context.members);
  const every = useSelector(actor, (s) => s.context.every);
  const recipients = useSelector(actor, (s) => s.context.recipients);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const actionFailure = useSelector(actor, (s) => s.context.actionFailure);
  const done = useSelector(actor, (s) => s.context.done);
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('creating') ? 'creating' : 'ready'));
  const nameOf = (id: string) => members.find((m) => m.value === id)?.label ?? id;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'schedules.create' });
  };
  if (state === 'loading' && schedules.length === 0) return <LoadingState label={t('schedules.loading')} variant="inline" />;
  if (state === 'failed') return <ErrorState compact message={t(failure?.key ?? 'failure.unknown')} action={<Button onClick={() => actor.send({ type: 'schedules.retry' })}>{t('schedules.retry')}</Button>} />;
  return (
    <Stack gap="sm">
      <SectionBar title={t('schedules.title')} />
      <div aria-live="polite">{done && <Muted small>{t(done)}</Muted>}</div>
      {actionFailure && <Callout tone="error" role="alert">{t(actionFailure.key, actionFailure.params)}</Callout>}
      {schedules.length > 0 && (
        <PlainTable
          label={t('schedules.table')}
          rows={schedules}
          rowKey={(s) => s.id}
          columns={[
            { id: 'every', header: t('schedules.col.every'), cell: (s) => t(`schedules.every.${s.every}`) },
            { id: 'recipients', header: t('schedules.col.recipients'), cell: (s) => s.recipients.map(nameOf).join(', ') },
            { id: 'next', header: t('schedules.col.next'), cell: (s) => formatDate(new Date(s.nextRunAt)) },
            {
              id: 'actions',
              header: t('schedules.col.actions'),
              quietHeader: true,
              cell: (s) => (
                <Button size="sm" variant="dangerQuiet" aria-label={t('schedules.deleteOne', { every: t(`schedules.every.${s.every}`), next: formatDate(new Date(s.nextRunAt)) })} onClick={() => actor.send({ type: 'schedules.delete', id: s.id })}>
                  {t('schedules.delete')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <form onSubmit={submit} noValidate aria-label={t('schedules.new')}>
        <Stack gap="sm">
          <Muted small as="p">{t('schedules.hint')}</Muted>
          <SelectField label={t('schedules.everyLabel')} value={every} options={SCHEDULE_EVERY.map((e) => ({ value: e, label: t(`schedules.every.${e}`) }))} onChange={(v) => actor.send({ type: 'schedules.every', every: v as ScheduleEvery })} onBlur={() => undefined} />
          <CheckboxGroupField label={t('schedules.recipients')} value={recipients} options={members} messages={errors.recipients} onChange={(ids) => actor.send({ type: 'schedules.recipients', ids })} />
          <div>
            <Button type="submit" busy={state === 'creating'}>
              {t('schedules.create')}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
