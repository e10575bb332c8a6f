// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ReadingTiles, type ReadingTile } from '../../../src/views/site-dashboard/reading-tiles';
import { formatDate, formatNumber } from '../../../src/i18n';

afterEach(cleanup);

const AT = Date.parse('2026-11-21T10:15:00Z');
const tile = (over: Partial<ReadingTile>): ReadingTile => ({
  feedId: 'f1', feedName: 'Temperature', nodeName: 'Kitchen fridge', unit: '°C', reading: { value: 4.25, at: AT }, range: 'in', ...over,
});

describe('ReadingTiles (the Latest reading view)', () => {
  it('lists one tile per feed, named by feed and node, with the value, its unit and the time of the reading', () => {
    render(<ReadingTiles label="Latest reading of each feed" tiles={[tile({}), tile({ feedId: 'f2', feedName: 'Humidity', nodeName: 'Store room', unit: '%', reading: { value: 61, at: AT } })]} />);
    const list = screen.getByRole('list', { name: 'Latest reading of each feed' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const fridge = screen.getByRole('listitem', { name: 'Temperature Kitchen fridge' });
    expect(fridge.textContent).toContain(`${formatNumber(4.25)} °C`);
    expect(fridge.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(AT).toISOString());
    expect(fridge.textContent).toContain(formatDate(AT));
    expect(screen.getByRole('listitem', { name: 'Humidity Store room' }).textContent).toContain('61 %');
  });

  it('says so when a feed has no reading yet, or is out of range, and when no feed is chosen', () => {
    const { rerender } = render(<ReadingTiles label="Tiles" tiles={[tile({ reading: null }), tile({ feedId: 'f3', feedName: 'Freezer', reading: { value: 12, at: AT }, range: 'out' })]} />);
    const none = screen.getByRole('listitem', { name: 'Temperature Kitchen fridge' });
    expect(none.textContent).toContain('No reading yet');
    expect(none.querySelector('time')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Freezer Kitchen fridge' }).textContent).toContain('(Out of range)');
    rerender(<ReadingTiles label="Tiles" tiles={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No feeds chosen: tick feeds above to see their latest readings.')).toBeTruthy();
  });
});
