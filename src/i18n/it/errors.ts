import type { errors as En } from '../en/errors';

/** Italian strings for 404, 500, maintenance and load-failure pages. */
export const errors: Record<keyof typeof En, string> = {
  'maintenance.title': 'Torneremo presto',
  'maintenance.body': 'Al momento Sitewatch non riesce a raggiungere il server. Riprovi tra qualche minuto.',
  'maintenance.retry': 'Riprovare',
  'notFound.title': 'Sembra che abbia sbagliato strada',
  'notFound.body': 'La pagina che sta cercando non esiste o è stata spostata.',
  'error.backHome': 'TORNARE ALLA PAGINA INIZIALE',
  'serverError.title': 'Errore interno del server',
  'serverError.body': 'Si è verificato un problema. Riprovi più tardi.',
  'loadFailed.message': 'Caricamento non riuscito! Ricarichi la pagina.',
  'loadFailed.reload': 'Ricaricare',
};
