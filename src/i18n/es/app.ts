import type { app as En } from '../en/app';

/** Spanish strings for the app frame (name, session, notices, roles, home). */
export const app: Record<keyof typeof En, string> = {
  'app.name': 'Sitewatch',
  'app.poweredBy': 'Con la tecnología de {{provider}}',
  'app.loading': 'Cargando…',
  'app.skipToMain': 'Saltar al contenido principal',
  'home.title': 'Panel de control',
  'home.signedInAs': 'Sesión iniciada como {{name}} ({{email}})',
  'home.company': 'Empresa: {{company}}',
  'home.noCompany': 'No hay ninguna empresa seleccionada',
  'home.role': 'Rol: {{role}}',
  'session.logout': 'Cerrar sesión',
  'session.offline': 'No tiene conexión. Los cambios se guardarán y se sincronizarán cuando se restablezca la conexión.',
  'session.restoring': 'Restaurando su sesión…',
  'notice.dismiss': 'Cerrar',
  'notice.error': 'Error',
  'notice.warning': 'Advertencia',
  'notice.info': 'Información',
  'role.admin': 'Administrador',
  'role.manager': 'Gestor',
  'role.user': 'Usuario',
  'role.viewer': 'Lector',
  'loading.busy': 'Cargando',
};
