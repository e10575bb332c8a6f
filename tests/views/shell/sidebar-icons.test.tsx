// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NAV_COMMANDS, sidebarFor } from '../../../src/machines/commands';
import { Icon, iconNames } from '../../../src/views/ui/icons';

afterEach(cleanup);

describe('the sidebar entries’ pictures', () => {
  it('every entry names a picture the icon map has, and the pictures tell the entries apart', () => {
    const known = new Set<string>(iconNames());
    for (const entry of NAV_COMMANDS) expect(known.has(entry.icon), `${entry.id} → ${entry.icon}`).toBe(true);
    const shown = sidebarFor('admin').map((e) => e.icon);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('every entry draws an svg that screen readers skip', () => {
    for (const entry of NAV_COMMANDS) {
      const { container, unmount } = render(<Icon name={entry.icon} />);
      const svg = container.querySelector('svg');
      expect(svg, entry.id).not.toBeNull();
      expect(svg!.getAttribute('aria-hidden')).toBe('true');
      expect(svg!.querySelectorAll('path, circle, rect, line, polyline, polygon').length, entry.id).toBeGreaterThan(0);
      unmount();
    }
  });

  it('keeps the shell’s own names working', () => {
    for (const name of ['menu', 'more', 'search', 'close', 'bell'] as const) {
      const { container, unmount } = render(<Icon name={name} />);
      expect(container.querySelector('svg'), name).not.toBeNull();
      unmount();
    }
    expect(screen.queryByRole('img')).toBeNull();
  });
});
