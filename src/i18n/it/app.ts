import type { app as En } from '../en/app';

/** Italian strings for the app frame (name, session, notices, roles, home). */
export const app: Record<keyof typeof En, string> = {
  'app.name': 'Sitewatch',
  'app.poweredBy': 'Con tecnologia {{provider}}',
  'app.loading': 'Caricamento…',
  'app.skipToMain': 'Passare al contenuto principale',
  'home.title': 'Pannello di controllo',
  'home.signedInAs': 'Accesso effettuato come {{name}} ({{email}})',
  'home.company': 'Azienda: {{company}}',
  'home.noCompany': 'Nessuna azienda selezionata',
  'home.role': 'Ruolo: {{role}}',
  'session.logout': 'Disconnettersi',
  'session.offline': 'Nessuna connessione. Le modifiche verranno salvate e sincronizzate al ripristino della connessione.',
  'session.restoring': 'Ripristino della sessione in corso…',
  'notice.dismiss': 'Chiudere',
  'notice.error': 'Errore',
  'notice.warning': 'Avvertenza',
  'notice.info': 'Informazione',
  'role.admin': 'Amministratore',
  'role.manager': 'Responsabile',
  'role.user': 'Utente',
  'role.viewer': 'Visualizzatore',
  'loading.busy': 'Caricamento in corso',
};
