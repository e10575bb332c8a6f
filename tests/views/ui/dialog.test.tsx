// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DialogActions, Modal } from '../../../src/views/ui/dialog';

afterEach(cleanup);
const noop = () => undefined;

describe('Modal opens read from the top', () => {
  it('focuses the first field, not a button before it', () => {
    render(
      <Modal title="Invite user" onClose={noop}>
        <button type="button">Close</button>
        <label>
          Email <input />
        </label>
        <DialogActions>
          <button type="button">Cancel</button>
        </DialogActions>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('focuses its title when it has no field, so Close is not where it starts', () => {
    render(
      <Modal title="Exports" onClose={noop}>
        <button type="button">Close</button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Exports' }));
  });

  it('focuses the control a dialog names: a confirmation’s answer', () => {
    render(
      <Modal title="Delete?" role="alertdialog" onClose={noop}>
        <input aria-label="Reason" />
        <button type="button" data-autofocus>
          Delete
        </button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});
