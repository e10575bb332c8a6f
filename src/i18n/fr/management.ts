import type { management as En } from '../en/management';

/** French strings for Management: white-label settings per domain. */
export const management: Record<keyof typeof En, string> = {
  'management.title': 'Gestion',
  'management.whiteLabel': 'Paramètres de marque blanche',
  'management.intro': 'Chaque nom d’hôte peut afficher son propre titre, son favicon et ses logos. Un hôte sans paramètres affiche Sitewatch.',
  'management.domain': 'Domaine',
  'management.websiteTitle': 'Titre du site web',
  'management.faviconUrl': 'URL du favicon',
  'management.loginLogoUrl': 'URL du logo de connexion',
  'management.siteLogoUrl': 'URL du logo de la barre latérale',
  'management.urlHint': 'Laissez vide, ou indiquez une adresse http(s) ou un chemin de ce site commençant par /.',
  'management.domainHint': 'Le nom d’hôte tel que saisi dans le navigateur, par exemple dashboard.example.com.',
  'management.updated': 'Dernière mise à jour',
  'management.formTitleNew': 'Nouveaux paramètres de marque blanche',
  'management.formTitleEdit': 'Paramètres de marque blanche de {{domain}}',
  'management.thisHost': 'ce navigateur',
  'management.here': 'Utilisé par',
  'management.domainInvalid': 'Saisissez un nom d’hôte comme dashboard.example.com : lettres, chiffres, points et tirets, avec un :port facultatif.',
  'management.domainTaken': 'Ce nom d’hôte a déjà des paramètres.',
  'management.urlInvalid': 'Laissez vide, ou indiquez une adresse http(s) ou un chemin de ce site commençant par /.',
};
