import type { ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { appMachine } from './machines/app.machine';
import { commandPaletteMachine, type PaletteScope } from './machines/command-palette.machine';
import { documentKeyboard } from './machines/document-keyboard';
import { streamMachine } from './machines/stream.machine';
import { alertBadgeMachine } from './machines/alert-badge.machine';
import { exportsMachine } from './machines/exports.machine';
import type { Actors } from './views/actors';

/**
 * The signed-in pages' half of main.tsx: their actors (palette, keyboard, live stream, alert badge, exports) and how
 * they hear the others. main.tsx loads it after the first paint, so the sign-in route's start-up carries none of it.
 */
export function startSignedIn(app: ActorRefFrom<typeof appMachine>, actors: Actors): void {
  app.send({
    type: 'signedIn.start',
    logic: { palette: commandPaletteMachine, keyboard: documentKeyboard, stream: streamMachine, alertBadge: alertBadgeMachine, exports: exportsMachine },
  });
  const { session, preferences, companies, notices, layout, palette, stream, alertBadge, exports } = actors;

  // Each company's token reads its own stream and events; without a company there is nothing live to read.
  const follow = (companyId: string | null) => {
    if (companyId) {
      stream.send({ type: 'stream.start', scope: companyId });
      alertBadge.send({ type: 'badge.load' });
      exports.send({ type: 'exports.load' });
    } else {
      stream.send({ type: 'stream.stop' });
      alertBadge.send({ type: 'badge.clear' });
      exports.send({ type: 'exports.clear' });
    }
  };
  session.on('session.changed', (e) => follow(e.companyId));
  session.on('session.ended', () => follow(null));
  stream.on('alert', () => alertBadge.send({ type: 'badge.changed' }));
  stream.on('resumed', () => {
    alertBadge.send({ type: 'badge.changed' });
    exports.send({ type: 'exports.resumed' });
  });
  stream.on('export', (e) => exports.send({ type: 'exports.update', job: e.job }));
  exports.on('notice', (e) => notices.send({ type: 'notice.show', level: e.level, key: e.key, params: e.params }));

  // The palette knows what the app is now (data only); its commands and rules live in the machine.
  function paletteScope(): PaletteScope | null {
    const s = session.getSnapshot().context.session;
    if (!s) return null;
    const p = preferences.getSnapshot().context;
    const list = companies.getSnapshot().context.companies;
    return {
      role: s.role,
      isShadow: s.isShadow,
      canShadow: s.role === 'admin' && !s.isShadow,
      companyId: s.companyId,
      companyCount: list.length,
      companies: list.map((c) => ({ id: c.id, name: c.name })),
      locale: p.locale,
      mode: p.mode,
      theme: { sidebar: p.sidebarTheme, topbar: p.topbarTheme, background: p.backgroundTheme },
    };
  }
  const sendScope = () => palette.send({ type: 'palette.scope', scope: paletteScope() });
  session.subscribe(sendScope);
  preferences.subscribe(sendScope);
  companies.subscribe(sendScope);
  sendScope();
  // Each command's intent goes to the actor that owns it.
  palette.on('palette.run', ({ intent }) => {
    switch (intent.type) {
      case 'navigate':
        return navigate(intent.path);
      case 'page':
        return palette.send({ type: 'palette.open', page: intent.page });
      case 'company.switch':
      case 'shadow.user':
      case 'shadow.company':
      case 'shadow.exit':
      case 'session.logout':
        return session.send(intent);
      case 'preferences.language':
      case 'preferences.theme':
      case 'preferences.mode':
        return preferences.send(intent);
      case 'modal.show':
        return layout.send(intent);
    }
  });

  // A session that began before these actors did: its company's live parts start now, as session.changed would have.
  const now = session.getSnapshot();
  if (now.matches('signedIn')) follow(now.context.session?.companyId ?? null);
}
