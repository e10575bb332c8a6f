import { memo, useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Command } from 'cmdk';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { pageTitle } from '../../machines/command-palette.machine';
import { PALETTE_ROW_PX, PaletteRow, usePaletteModal } from './palette-row';
import { SearchDialog, SearchField, SearchStatus, searchDialogParts as part } from '../ui/search-dialog';

/**
 * The open palette: cmdk over a virtual list, in a native modal dialog. Loaded on first use (see command-palette.tsx).
 * The field, the list and the status each select their own slice of the machine: a keystroke changes the query
 * alone, so it renders the field alone; the list renders when the machine has ranked (after the keystroke's paint).
 */
export default function PaletteDialog() {
  const { palette } = useActors();
  const pages = useSelector(palette, (s) => s.context.pages);
  const current = useSelector(palette, (s) => s.context.results[s.context.selected]?.key ?? '');
  const ref = usePaletteModal('[cmdk-input]');
  const titleId = useId();

  const onKeyDown = (e: KeyboardEvent) => {
    // Handled here and marked, so cmdk's own list navigation (which sees only the rendered window) stays out.
    const move = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      palette.send({ type: 'palette.move', delta: move });
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      palette.send({ type: 'palette.choose' });
    } else if (e.key === 'Backspace' && palette.getSnapshot().context.query === '' && pages.length > 1) {
      e.preventDefault();
      palette.send({ type: 'palette.back' });
    }
  };

  const scope = pages.map(pageTitle).join(' › ');
  return (
    <SearchDialog
      ref={ref}
      title={t('palette.title')}
      titleId={titleId}
      scope={
        <>
          {t('palette.scope', { scope })}
          {pages.length > 1 ? ` — ${t('palette.back')}` : ''}
        </>
      }
      onCancel={() => palette.send({ type: 'palette.close' })}
    >
      <Command label={t('palette.input')} shouldFilter={false} filter={() => 1} value={current} onKeyDown={onKeyDown} loop={false} disablePointerSelection>
        <Field />
        <Results />
        <Status />
      </Command>
    </SearchDialog>
  );
}

const Field = memo(function Field() {
  const { palette } = useActors();
  const query = useSelector(palette, (s) => s.context.query);
  return (
    <SearchField>
      {/* cmdk renders the field's <label> from Command's label (SearchDialog makes it visible). */}
      <Command.Input
        className={part.input}
        value={query}
        placeholder={t('palette.placeholder')}
        onValueChange={(q) => palette.send({ type: 'palette.query', query: q })}
      />
    </SearchField>
  );
});

const Results = memo(function Results() {
  const { palette } = useActors();
  const results = useSelector(palette, (s) => s.context.results);
  const selected = useSelector(palette, (s) => s.context.selected);
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: results.length, getScrollElement: () => listRef.current, estimateSize: () => PALETTE_ROW_PX, overscan: 6 });
  // Keeps the highlighted row in view as the keys move it.
  useEffect(() => {
    if (results.length) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [virtualizer, selected, results.length]);
  // The pointer moves the machine's selection (cmdk's own pointer selection is off: its item handler replaces any
  // onPointerMove given to the item, so the machine never heard of a hover and Enter chose another row).
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const index = Number((e.target as Element).closest('[data-index]')?.getAttribute('data-index') ?? NaN);
    if (Number.isInteger(index) && index !== selected) palette.send({ type: 'palette.select', index });
  };
  return (
    // cmdk names the list from its own `label` (an aria-label given here would be overwritten with "Suggestions").
    <Command.List ref={listRef} className={part.list} label={t('palette.results')}>
      {/* The heights and offsets are the virtualizer's, computed from the rows: the only inline styles here. */}
      <div className={part.rows} style={{ height: virtualizer.getTotalSize() }} onPointerMove={onPointerMove}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = results[v.index]!;
          // Keyed by position: a new ranking updates the rows in place instead of unmounting and mounting them all.
          return (
            <Command.Item
              key={v.index}
              value={item.key}
              className={part.item}
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              data-index={v.index}
              onSelect={() => palette.send({ type: 'palette.choose', index: v.index })}
            >
              <PaletteRow item={item} />
            </Command.Item>
          );
        })}
      </div>
    </Command.List>
  );
});

const Status = memo(function Status() {
  const { palette } = useActors();
  const text = useSelector(palette, (s) => {
    const { results, total, query, remoteError } = s.context;
    if (s.matches({ open: { remote: 'failed' } })) return t('palette.error', { message: remoteError ? t(remoteError.key, remoteError.params) : '' });
    if (s.matches({ open: { remote: 'loading' } }) || s.matches({ open: { remote: 'debouncing' } })) return t('palette.loading');
    if (results.length === 0) return t('palette.empty', { query: s.context.rankedQuery || query });
    return total > results.length ? t('palette.more', { shown: results.length, total }) : t('palette.count', { count: results.length });
  });
  return (
    <SearchStatus>{text}</SearchStatus>
  );
});
