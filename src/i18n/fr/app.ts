import type { app as En } from '../en/app';

/** French strings for the app frame (name, session, notices, roles, home). */
export const app: Record<keyof typeof En, string> = {
  'app.name': 'Sitewatch',
  'app.poweredBy': 'Propulsé par {{provider}}',
  'app.loading': 'Chargement…',
  'app.skipToMain': 'Aller au contenu principal',
  'home.title': 'Tableau de bord',
  'home.signedInAs': 'Session ouverte en tant que {{name}} ({{email}})',
  'home.company': 'Entreprise : {{company}}',
  'home.noCompany': 'Aucune entreprise sélectionnée',
  'home.role': 'Rôle : {{role}}',
  'session.logout': 'Se déconnecter',
  'session.offline': 'Vous êtes hors ligne. Vos modifications seront enregistrées et synchronisées lorsque la connexion sera rétablie.',
  'session.restoring': 'Restauration de votre session…',
  'notice.dismiss': 'Fermer',
  'notice.error': 'Erreur',
  'notice.warning': 'Avertissement',
  'notice.info': 'Information',
  'role.admin': 'Administrateur',
  'role.manager': 'Gestionnaire',
  'role.user': 'Utilisateur',
  'role.viewer': 'Lecteur',
  'loading.busy': 'Chargement en cours',
};
