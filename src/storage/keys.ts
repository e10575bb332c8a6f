/** Browser storage keys of SPEC §7. */
export const STORAGE_KEYS = {
  userToken: 'userToken',
  accessToken: 'access_token',
  historyPathname: 'historyPathname',
  unauthorizedCount: 'unauthorizedCount',
  language: 'language',
  theme: 'theme',
} as const;
