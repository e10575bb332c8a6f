import { useMemo, useState } from 'react';
import { t } from '../../i18n';
import type { SiteFeed } from '../../machines/site-view';
import { Button } from '../ui/button';
import { CheckboxGroupField, FieldAction, InputField } from '../ui/form-field';
import { Toolbar } from '../ui/layout';
import { ScrollArea } from '../ui/scroll-area';
import { ToggleButtonGroup } from '../ui/toggle-button-group';
import { EmptyState } from '../ui/states';
import { ltr } from '../ui/reading-format';
import * as c from './feed-picker.css';
import { feedName } from '../ui/built-in-names';

type GroupBy = 'signal' | 'node';

export interface FeedPickerProps {
  /** The site's feeds, in the order they matter (rankFeeds). */
  feeds: readonly SiteFeed[];
  /** The feeds on the chart. */
  selected: readonly string[];
  /** One feed on or off. */
  onToggle(feedId: string): void;
  /** The whole choice at once (Clear). */
  onSet(feedIds: string[]): void;
}

/**
 * The chart's feeds, grouped by signal type or by node, with a filter box: a site has a hundred feeds, and a flat
 * wall of checkboxes hid the few that matter. Groups keep the ranked order, so what is out of range leads.
 */
export function FeedPicker({ feeds, selected, onToggle, onSet }: FeedPickerProps) {
  const [groupBy, setGroupBy] = useState<GroupBy>('signal');
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupFeeds(feeds, groupBy, filter), [feeds, groupBy, filter]);
  return (
    <fieldset className={c.picker}>
      <legend className={c.legend}>{t('site.feeds')}</legend>
      <Toolbar>
        <InputField label={t('feeds.filter')} type="search" value={filter} onChange={setFilter} />
        <ToggleButtonGroup<GroupBy> label={t('feeds.groupBy')} value={groupBy} options={[{ value: 'signal', label: t('feeds.bySignal') }, { value: 'node', label: t('feeds.byNode') }]} onChange={setGroupBy} />
        <FieldAction>
          <Button variant="quiet" disabled={selected.length === 0} onClick={() => onSet([])}>
            {t('feeds.clear', { count: selected.length })}
          </Button>
        </FieldAction>
      </Toolbar>
      <ScrollArea maxHeight="16rem">
        {groups.length === 0 ? (
          <EmptyState compact title={t('feeds.noMatch')} />
        ) : (
          <div className={c.groups}>
            {groups.map((g) => (
              <CheckboxGroupField
                key={g.key}
                label={g.label}
                value={selected.filter((id) => g.options.some((o) => o.value === id))}
                options={g.options}
                onChange={(next) => {
                  // The group answers with its whole new list; the machine takes one toggle at a time.
                  const had = new Set(selected);
                  const changed = next.find((id) => !had.has(id)) ?? g.options.find((o) => had.has(o.value) && !next.includes(o.value))?.value;
                  if (changed) onToggle(changed);
                }}
              />
            ))}
          </div>
        )}
      </ScrollArea>
    </fieldset>
  );
}

interface Group {
  key: string;
  label: string;
  options: { value: string; label: string; name: string }[];
}

/** Feeds in groups, first-seen order (the ranking), filtered by node or feed name. */
export function groupFeeds(feeds: readonly SiteFeed[], by: GroupBy, filter: string): Group[] {
  const needle = filter.trim().toLocaleLowerCase();
  const groups = new Map<string, Group>();
  for (const f of feeds) {
    const name = feedName(f);
    const full = `${f.node.name} · ${name}`;
    if (needle && !full.toLocaleLowerCase().includes(needle)) continue;
    const key = by === 'signal' ? `${f.signalKey}|${f.unit}` : f.node.id;
    let g = groups.get(key);
    if (!g) {
      g = { key, label: by === 'signal' ? (f.unit ? `${name} (${ltr(f.unit)})` : name) : f.node.name, options: [] };
      groups.set(key, g);
    }
    g.options.push({ value: f.id, label: by === 'signal' ? f.node.name : name, name: full });
  }
  return [...groups.values()];
}
