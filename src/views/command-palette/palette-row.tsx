import { memo, useEffect, useRef } from 'react';
import { t, type I18nKey } from '../../i18n';
import type { PaletteItem } from '../../machines/command-palette.machine';
import { SearchResult } from '../ui/search-dialog';

/** The palette's row height, for the virtual list. */
export const PALETTE_ROW_PX = 44;

/** A result row's content: label (current marked), detail, kind and shortcut; unchanged rows skip rendering. */
export const PaletteRow = memo(function PaletteRow({ item }: { item: PaletteItem }) {
  return (
    <SearchResult
      label={
        <>
          {item.label}
          {item.current ? ` ${t('palette.current')}` : ''}
        </>
      }
      detail={item.detail}
      kind={t(`palette.kind.${item.kind}` as I18nKey)}
      shortcut={item.shortcut}
    />
  );
});

/**
 * A native modal dialog: the platform gives it its role, a focus trap and Esc. Opens on mount with focus in the
 * field that `field` selects, and gives focus back where it was when it closes.
 */
export function usePaletteModal(field: string) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (d && !d.open) d.showModal();
    d?.querySelector<HTMLInputElement>(field)?.focus();
    return () => {
      d?.close();
      if (before?.isConnected) before.focus();
    };
  }, [field]);
  return ref;
}
