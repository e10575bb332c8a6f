import type { errors as En } from '../en/errors';

/** Spanish strings for 404, 500, maintenance and load-failure pages. */
export const errors: Record<keyof typeof En, string> = {
  'maintenance.title': 'Volveremos pronto',
  'maintenance.body': 'Sitewatch no puede conectar con el servidor en este momento. Vuelva a intentarlo dentro de unos minutos.',
  'maintenance.retry': 'Reintentar',
  'notFound.title': 'Parece que se ha equivocado de camino',
  'notFound.body': 'La página que busca no existe o se ha trasladado.',
  'error.backHome': 'VOLVER AL INICIO',
  'serverError.title': 'Error interno del servidor',
  'serverError.body': 'Algo ha salido mal. Vuelva a intentarlo más tarde.',
  'loadFailed.message': '¡Error al cargar! Vuelva a cargar la página.',
  'loadFailed.reload': 'Volver a cargar',
};
