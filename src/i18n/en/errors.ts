/** 404, 500, maintenance and load-failure pages. */
export const errors = {
  'maintenance.title': 'We’ll be back soon',
  'maintenance.body': 'Sitewatch cannot reach its server right now. Please try again in a few minutes.',
  'maintenance.retry': 'Try again',
  'notFound.title': 'Looks like you got lost',
  // The text of docs/product.md, Errors, to the character (straight apostrophes).
  'notFound.body': "The page you're looking for doesn't exist or has been moved.",
  'error.backHome': 'BACK HOME',
  'serverError.title': 'Internal Server Error',
  'serverError.body': 'Something went wrong. Please try again later.',
  'loadFailed.message': 'Loading failed! Please reload.',
  'loadFailed.reload': 'Reload',
} as const;
