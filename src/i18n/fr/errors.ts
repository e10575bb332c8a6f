import type { errors as En } from '../en/errors';

/** French strings for 404, 500, maintenance and load-failure pages. */
export const errors: Record<keyof typeof En, string> = {
  'maintenance.title': 'Nous serons bientôt de retour',
  'maintenance.body': 'Sitewatch ne parvient pas à joindre son serveur pour le moment. Veuillez réessayer dans quelques minutes.',
  'maintenance.retry': 'Réessayer',
  'notFound.title': 'Vous semblez avoir perdu votre chemin',
  'notFound.body': 'La page que vous recherchez n’existe pas ou a été déplacée.',
  'error.backHome': 'RETOUR À L’ACCUEIL',
  'serverError.title': 'Erreur interne du serveur',
  'serverError.body': 'Une erreur s’est produite. Veuillez réessayer plus tard.',
  'loadFailed.message': 'Échec du chargement ! Veuillez recharger la page.',
  'loadFailed.reload': 'Recharger',
};
