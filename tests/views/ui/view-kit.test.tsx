// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ToggleButtonGroup } from '../../../src/views/ui/toggle-button-group';
import { PlainList, PlainListItem } from '../../../src/views/ui/plain-list';
import { Fact, FactList } from '../../../src/views/ui/facts';
import { CardLink, ChipLink } from '../../../src/views/ui/links';
import { Grid } from '../../../src/views/ui/layout';
import { SearchResult } from '../../../src/views/ui/search-dialog';

afterEach(cleanup);

describe('the view kit pieces the dashboards and the palette are made of', () => {
  it('a toggle group is named by its label, says which choice is pressed and answers with the value', () => {
    const onChange = vi.fn();
    render(<ToggleButtonGroup label="Range" value={7} options={[1, 7, 30].map((d) => ({ value: d, label: `${d} days` }))} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Range' });
    expect(within(group).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: '1 days' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(group).getByRole('button', { name: '30 days' }));
    expect(onChange).toHaveBeenCalledWith(30);
  });

  it('no choice is pressed when the value is null (another control decided)', () => {
    render(<ToggleButtonGroup label="Range" value={null} options={[{ value: 'a', label: 'A' }]} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'A' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('a plain list is a named list whose items read their name then their details', () => {
    render(
      <PlainList label="Nodes">
        <PlainListItem title="Fridge">Sensor</PlainListItem>
      </PlainList>,
    );
    expect(screen.getByRole('list', { name: 'Nodes' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('FridgeSensor');
  });

  it('facts are a description list of terms and values', () => {
    render(
      <FactList>
        <Fact term="Time zone">Europe/London</Fact>
      </FactList>,
    );
    expect(screen.getByRole('term').textContent).toBe('Time zone');
    expect(screen.getByRole('definition').textContent).toBe('Europe/London');
  });

  it('link cards and chips are links named by their words and keep the caller’s click', () => {
    const onClick = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <>
        <CardLink href="/a" title="Site A" detail="1 Road" onClick={onClick} />
        <ChipLink href="/b">Building B</ChipLink>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Site A 1 Road' }));
    expect(onClick).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Building B' }).getAttribute('href')).toBe('/b');
  });

  it('a grid as a list is the list the j/k keys move through when asked', () => {
    render(
      <Grid as="ul" keyList aria-label="Sites">
        <li>One</li>
      </Grid>,
    );
    expect(screen.getByRole('list', { name: 'Sites' }).hasAttribute('data-keylist')).toBe(true);
  });

  it('a search result keeps its label as the first text of its first span', () => {
    const { container } = render(<SearchResult label={<>Elmhurst{' (current)'}</>} detail="1 Church Lane" kind="Site" />);
    expect(container.querySelector('span')?.firstChild?.textContent).toBe('Elmhurst');
  });
});
