/** 404, 500, maintenance and load-failure pages. */
export const errors = {
  'maintenance.title': 'We’ll be back soon',
  'maintenance.body': 'Sitewatch cannot reach its server right now. Please try again in a few minutes.',
  'maintenance.retry': 'Try again',
  'notFound.title': 'Looks like you got lost',
  'notFound.body': 'The page you’re looking for doesn’t exist or has been moved.',
  'error.backHome': 'BACK HOME',
  'serverError.title': 'Internal Server Error',
  'serverError.body': 'Something went wrong. Please try again later.',
  'loadFailed.message': 'Loading failed! Please reload.',
  'loadFailed.reload': 'Reload',
  'exportLink.title': 'This link cannot be opened',
  'exportLink.body': 'The site dashboard export link is not valid or has expired. Ask for a new link.',
} as const;
