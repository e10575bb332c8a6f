import type { management as En } from '../en/management';

/** Spanish strings for Management: white-label settings per domain. */
export const management: Record<keyof typeof En, string> = {
  'management.title': 'Gestión',
  'management.whiteLabel': 'Configuración de marca blanca',
  'management.intro': 'Cada nombre de host puede mostrar su propio título, favicon y logotipos. Un host sin configuración muestra Sitewatch.',
  'management.domain': 'Dominio',
  'management.websiteTitle': 'Título del sitio web',
  'management.faviconUrl': 'URL del favicon',
  'management.loginLogoUrl': 'URL del logotipo de inicio de sesión',
  'management.siteLogoUrl': 'URL del logotipo de la barra lateral',
  'management.urlHint': 'Déjelo vacío o indique una dirección http(s) o una ruta de este sitio que empiece por /.',
  'management.domainHint': 'El nombre de host tal como se escribe en el navegador, por ejemplo, dashboard.example.com.',
  'management.updated': 'Última actualización',
  'management.formTitleNew': 'Nueva configuración de marca blanca',
  'management.formTitleEdit': 'Configuración de marca blanca de {{domain}}',
  'management.thisHost': 'este navegador',
  'management.here': 'Usado por',
  'management.domainInvalid': 'Escriba un nombre de host como dashboard.example.com: letras, dígitos, puntos y guiones, con un :puerto opcional.',
  'management.domainTaken': 'Este nombre de host ya tiene configuración.',
  'management.urlInvalid': 'Déjelo vacío o indique una dirección http(s) o una ruta de este sitio que empiece por /.',
};
