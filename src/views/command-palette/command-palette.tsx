import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useActors } from '../actors';

// cmdk and the virtual list load with the first Ctrl+K, not with the sign-in page.
const PaletteDialog = lazy(() => import('./palette-dialog'));

/** The command palette (Ctrl+K / ⌘K): renders the palette machine and sends it events. */
export function CommandPalette() {
  const { palette } = useActors();
  const open = useSelector(palette, (s) => s.matches('open'));
  return open ? (
    <Suspense fallback={null}>
      <PaletteDialog />
    </Suspense>
  ) : null;
}
