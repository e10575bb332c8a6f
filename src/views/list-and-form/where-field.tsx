import { useSelector } from '@xstate/react';
import type { Choice, ListAndFormContext } from '../../machines/list-and-form.machine';
import type { AnyListActor } from './types';
import { SelectField } from '../ui/form-field';
import * as r from './screen.css';

/**
 * One of a resource's own filters (a site, a node, enabled or not): a picker in the toolbar whose choice goes to the
 * machine as `list.where`; the list's lookups or fixed options feed it.
 */
export function WhereField<Item extends { id: string }, V extends object>({ actor, name, label, all, options, lookup }: {
  actor: AnyListActor<Item, V>;
  name: string;
  label: string;
  /** The empty choice: no filter. */
  all: string;
  /** Fixed options (enabled or not)… */
  options?: Choice[];
  /** …or the machine's lookup of that name (its sites, its nodes). */
  lookup?: string;
}) {
  const value = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.filters[name] ?? '');
  const looked = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => (lookup ? st.context.lookups[lookup] : undefined));
  return (
    <div className={r.where}>
      <SelectField label={label} value={value} options={options ?? looked ?? NO_CHOICES} placeholder={all} onChange={(v) => actor.send({ type: 'list.where', name, value: v })} onBlur={() => undefined} />
    </div>
  );
}

const NO_CHOICES: Choice[] = [];
