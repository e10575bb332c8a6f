import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { currentKey, layoutMachine, viewFor } from '../../src/machines/layout.machine';

const start = (width = 1280) => createActor(layoutMachine.provide({ actors: { viewport: fromCallback(() => {}) as never } }), { input: { width, height: 800 } }).start();

describe('layout machine', () => {
  it('has the breakpoints of docs/product.md, Layout and themes', () => {
    expect(viewFor(1221)).toBe('desktop');
    expect(viewFor(1220)).toBe('tablet');
    expect(viewFor(768)).toBe('tablet');
    expect(viewFor(767)).toBe('mobile');
  });

  it('collapses the sidebar unless desktop, on start and on resize', () => {
    expect(start(1280).getSnapshot().context.collapsed).toBe(false);
    const a = start(1000);
    expect(a.getSnapshot().context).toMatchObject({ view: 'tablet', collapsed: true });
    a.send({ type: 'layout.resize', width: 1300, height: 900 });
    expect(a.getSnapshot().context).toMatchObject({ view: 'desktop', collapsed: false, height: 900 });
    a.send({ type: 'layout.collapse' });
    expect(a.getSnapshot().context.collapsed).toBe(true);
    // A resize within the same view keeps the user's choice.
    a.send({ type: 'layout.resize', width: 1400, height: 900 });
    expect(a.getSnapshot().context.collapsed).toBe(true);
  });

  it('selects the active entry by the last path segment and closes the drawer on a phone', () => {
    expect(currentKey('/')).toBe('dashboard');
    expect(currentKey('/settings/white-label?x=1')).toBe('white-label');
    // One company's dashboard, opened by id: the Dashboard entry.
    expect(currentKey('/dashboard/company/3f2c')).toBe('dashboard');
    const a = start(400);
    a.send({ type: 'layout.drawer' });
    expect(a.getSnapshot().context.openDrawer).toBe(true);
    a.send({ type: 'layout.route', path: '/my-companies' });
    expect(a.getSnapshot().context).toMatchObject({ current: ['my-companies'], openDrawer: false });
    const d = start(1300);
    d.send({ type: 'layout.drawer' });
    d.send({ type: 'layout.route', path: '/companies' });
    expect(d.getSnapshot().context).toMatchObject({ current: ['companies'], openDrawer: true });
  });

  it('shows and hides modals and drawers with type and props, and clears the menu', () => {
    const a = start();
    a.send({ type: 'modal.show', modalType: 'help', props: { x: 1 } });
    expect(a.getSnapshot().context.modal).toEqual({ visible: true, type: 'help', props: { x: 1 } });
    a.send({ type: 'modal.hide' });
    expect(a.getSnapshot().context.modal).toEqual({ visible: false, type: null, props: null });
    a.send({ type: 'drawer.show', drawerType: 'filters' });
    expect(a.getSnapshot().context.drawer).toMatchObject({ visible: true, type: 'filters' });
    a.send({ type: 'drawer.hide' });
    a.send({ type: 'layout.openKeys', keys: ['admin'] });
    a.send({ type: 'layout.route', path: '/companies' });
    a.send({ type: 'layout.clear' });
    expect(a.getSnapshot().context).toMatchObject({ openKeys: [], current: ['dashboard'] });
  });
});
