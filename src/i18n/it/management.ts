import type { management as En } from '../en/management';

/** Italian strings for Management: white-label settings per domain. */
export const management: Record<keyof typeof En, string> = {
  'management.title': 'Gestione',
  'management.whiteLabel': 'Impostazioni del marchio personalizzato',
  'management.intro': 'Ogni nome host può mostrare titolo, favicon e loghi propri. Un host senza impostazioni mostra Sitewatch.',
  'management.domain': 'Dominio',
  'management.websiteTitle': 'Titolo del sito web',
  'management.faviconUrl': 'URL della favicon',
  'management.loginLogoUrl': 'URL del logo di accesso',
  'management.siteLogoUrl': 'URL del logo della barra laterale',
  'management.urlHint': 'Lasci vuoto oppure indichi un indirizzo http(s) o un percorso di questo sito che inizia con /.',
  'management.domainHint': 'Il nome host così come viene digitato nel browser, ad esempio dashboard.example.com.',
  'management.updated': 'Ultimo aggiornamento',
  'management.formTitleNew': 'Nuove impostazioni del marchio personalizzato',
  'management.formTitleEdit': 'Impostazioni del marchio personalizzato di {{domain}}',
  'management.thisHost': 'questo browser',
  'management.here': 'Usato da',
  'management.domainInvalid': 'Inserisca un nome host come dashboard.example.com: lettere, cifre, punti e trattini, con una :porta facoltativa.',
  'management.domainTaken': 'Questo nome host ha già delle impostazioni.',
  'management.urlInvalid': 'Lasci vuoto oppure indichi un indirizzo http(s) o un percorso di questo sito che inizia con /.',
};
