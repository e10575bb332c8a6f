import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Command } from 'cmdk';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { pageTitle } from '../../machines/command-palette.machine';
import { PALETTE_ROW_PX, PaletteRow, usePaletteModal } from './palette-row';
import * as p from './command-palette.css';

/** The open palette: cmdk over a virtual list, in a native modal dialog. Loaded on first use (see command-palette.tsx). */
export default function PaletteDialog() {
  const { palette } = useActors();
  const pages = useSelector(palette, (s) => s.context.pages);
  const query = useSelector(palette, (s) => s.context.query);
  const results = useSelector(palette, (s) => s.context.results);
  const total = useSelector(palette, (s) => s.context.total);
  const selected = useSelector(palette, (s) => s.context.selected);
  const searching = useSelector(palette, (s) => s.matches({ open: { remote: 'loading' } }) || s.matches({ open: { remote: 'debouncing' } }));
  const error = useSelector(palette, (s) => (s.matches({ open: { remote: 'failed' } }) ? s.context.remoteError : null));
  const ref = usePaletteModal('[cmdk-input]');
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const virtualizer = useVirtualizer({ count: results.length, getScrollElement: () => listRef.current, estimateSize: () => PALETTE_ROW_PX, overscan: 6 });
  // Keeps the highlighted row in view as the keys move it.
  useEffect(() => {
    if (results.length) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [virtualizer, selected, results.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    // Handled here and marked, so cmdk's own list navigation (which sees only the rendered window) stays out.
    const move = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      palette.send({ type: 'palette.move', delta: move });
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      palette.send({ type: 'palette.choose' });
    } else if (e.key === 'Backspace' && query === '' && pages.length > 1) {
      e.preventDefault();
      palette.send({ type: 'palette.back' });
    }
  };

  const scope = pages.map(pageTitle).join(' › ');
  const current = results[selected];
  return (
    <dialog
      ref={ref}
      className={p.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        palette.send({ type: 'palette.close' });
      }}
    >
      <div className={p.titleBar}>
        <h2 id={titleId} className={p.title}>
          {t('palette.title')}
        </h2>
        <span className={p.scope}>
          {t('palette.scope', { scope })}
          {pages.length > 1 ? ` — ${t('palette.back')}` : ''}
        </span>
      </div>
      <Command label={t('palette.input')} shouldFilter={false} filter={() => 1} value={current?.key ?? ''} onKeyDown={onKeyDown} loop={false}>
        <div className={p.head}>
          {/* cmdk renders the field's <label> from Command's label (made visible in the stylesheet). */}
          <Command.Input
            className={p.input}
            value={query}
            placeholder={t('palette.placeholder')}
            onValueChange={(q) => palette.send({ type: 'palette.query', query: q })}
          />
        </div>
        <Command.List ref={listRef} className={p.list} aria-label={t('palette.results')}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const item = results[v.index]!;
              return (
                <Command.Item
                  key={item.key}
                  value={item.key}
                  className={p.item}
                  style={{ height: v.size, transform: `translateY(${v.start}px)` }}
                  onSelect={() => palette.send({ type: 'palette.choose', index: v.index })}
                  onPointerMove={() => v.index !== selected && palette.send({ type: 'palette.select', index: v.index })}
                >
                  <PaletteRow item={item} />
                </Command.Item>
              );
            })}
          </div>
        </Command.List>
        <div className={p.status} role="status" aria-live="polite">
          {error
            ? t('palette.error', { message: error })
            : searching
              ? t('palette.loading')
              : results.length === 0
                ? t('palette.empty', { query })
                : total > results.length
                  ? t('palette.more', { shown: results.length, total })
                  : t('palette.count', { count: results.length })}
        </div>
      </Command>
    </dialog>
  );
}
