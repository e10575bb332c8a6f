// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ReadingTiles, type ReadingTile } from '../../../src/views/ui/reading-tiles';
import { formatDate, formatNumber } from '../../../src/i18n';

afterEach(cleanup);

const AT = Date.parse('2026-11-21T10:15:00Z');
const NOW = AT + 5 * 60_000;
const HOUR = 3_600_000;
const tile = (over: Partial<ReadingTile>): ReadingTile => ({
  feedId: 'f1', feedName: 'Temperature', nodeName: 'Kitchen fridge', unit: '°C', reading: { value: 4.25, at: AT }, range: 'in', ...over,
});

describe('ReadingTiles (the Latest reading view and the site’s tiles)', () => {
  it('lists one tile per feed, named by node and feed, with the value, its unit, its status and the time since the reading', () => {
    render(<ReadingTiles label="Latest reading of each feed" now={NOW} tiles={[tile({}), tile({ feedId: 'f2', feedName: 'Humidity', nodeName: 'Store room', unit: '%', reading: { value: 61, at: AT }, range: null })]} />);
    const list = screen.getByRole('list', { name: 'Latest reading of each feed' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const fridge = screen.getByRole('listitem', { name: 'Kitchen fridge Temperature' });
    expect(fridge.textContent).toContain(formatNumber(4.25));
    expect(fridge.textContent).toContain('°C');
    // Status by symbol and words together.
    expect(fridge.textContent).toContain('✓');
    expect(fridge.textContent).toContain('In range');
    const time = fridge.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe(new Date(AT).toISOString());
    expect(time.textContent).toBe('5 min. ago');
    expect(time.getAttribute('title')).toBe(formatDate(AT));
    // A feed without a range that reports has no status, not an unearned tick.
    const humidity = screen.getByRole('listitem', { name: 'Store room Humidity' });
    expect(humidity.textContent).toContain('61');
    expect(humidity.textContent).not.toContain('✓');
  });

  it('writes the safe range out beside the feed, and a switch’s state as On or Off, not 1 on/off', () => {
    render(
      <ReadingTiles
        label="Tiles"
        now={NOW}
        tiles={[tile({ band: { min: 2, max: 8 } }), tile({ feedId: 'f2', feedName: 'Lamp state', nodeName: 'Exit light', unit: 'on/off', reading: { value: 1, at: AT }, range: null })]}
      />,
    );
    expect(screen.getByRole('listitem', { name: 'Kitchen fridge Temperature · safe 2–8 °C' })).toBeTruthy();
    const lamp = screen.getByRole('listitem', { name: 'Exit light Lamp state' });
    expect(lamp.textContent).toContain('On');
    expect(lamp.textContent).not.toContain('on/off');
  });

  it('says so when a feed has no reading yet, is out of range or its node is offline, and when no feed is chosen', () => {
    const { rerender } = render(
      <ReadingTiles
        label="Tiles"
        now={NOW}
        tiles={[
          tile({ reading: null }),
          tile({ feedId: 'f3', feedName: 'Freezer', reading: { value: 12, at: AT }, range: 'out' }),
          tile({ feedId: 'f4', feedName: 'Lab', reading: { value: 5, at: AT - 3 * HOUR }, online: false }),
        ]}
      />,
    );
    const none = screen.getByRole('listitem', { name: 'Kitchen fridge Temperature' });
    expect(none.textContent).toContain('No reading yet');
    expect(none.textContent).toContain('●');
    expect(none.querySelector('time')).toBeNull();
    const freezer = screen.getByRole('listitem', { name: 'Kitchen fridge Freezer' });
    expect(freezer.textContent).toContain('✕');
    expect(freezer.textContent).toContain('Out of range');
    const lab = screen.getByRole('listitem', { name: 'Kitchen fridge Lab' });
    expect(lab.textContent).toContain('Offline');
    expect(lab.querySelector('time')!.textContent).toBe('3 hr. ago');
    rerender(<ReadingTiles label="Tiles" now={NOW} tiles={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No feeds chosen: tick feeds above to see their latest readings.')).toBeTruthy();
  });

  it('draws a tile’s trend as an image named by what it shows', () => {
    const t = [AT - 2 * HOUR, AT - HOUR, AT];
    render(
      <ReadingTiles
        label="Tiles"
        now={NOW}
        tiles={[tile({ band: { min: 2, max: 8 }, trend: { t, values: [3.5, 7.9, 4.25], low: [3.1, 7, 4], high: [4, 7.9, 4.5], from: AT - 24 * HOUR, to: AT, gapMs: 1.5 * HOUR } })]}
      />,
    );
    const img = screen.getByRole('img', { name: `Last 24 hours: ${formatNumber(3.1)} °C to ${formatNumber(7.9)} °C, now ${formatNumber(4.25)} °C` });
    expect(img.querySelector('rect')).not.toBeNull();
  });
});
