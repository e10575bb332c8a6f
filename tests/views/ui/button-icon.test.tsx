// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Button } from '../../../src/views/ui/button';
import { Icon } from '../../../src/views/ui/icons';
import { EmptyState, ErrorState } from '../../../src/views/ui/states';

afterEach(cleanup);

describe('a button with a picture', () => {
  it('puts the picture before the words, hidden, so the name is the words alone', () => {
    render(<Button icon={<Icon name="search" />}>Find</Button>);
    const button = screen.getByRole('button', { name: 'Find' });
    const first = button.firstElementChild!;
    expect(first.getAttribute('aria-hidden')).toBe('true');
    expect(first.querySelector('svg')).not.toBeNull();
    expect(button.textContent).toBe('Find');
  });

  it('with no words is named by its aria-label', () => {
    render(<Button icon={<Icon name="close" />} aria-label="Close" />);
    expect(screen.getByRole('button', { name: 'Close' }).querySelector('svg')).not.toBeNull();
  });

  it('without a picture renders as before', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).innerHTML).toBe('Save');
  });
});

describe('empty and failed states', () => {
  it('draw their picture once the icon chunk arrives, out of the accessibility tree', async () => {
    render(
      <>
        <EmptyState title="No sites yet" />
        <ErrorState message="It failed" />
      </>,
    );
    await waitFor(() => expect(document.querySelectorAll('svg').length).toBe(2), { timeout: 5000 });
    for (const svg of document.querySelectorAll('svg')) expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('It failed');
  });
});
