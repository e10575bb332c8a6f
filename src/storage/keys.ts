/** Browser storage keys of SPEC §7. */
export const STORAGE_KEYS = {
  userToken: 'userToken',
  accessToken: 'access_token',
  historyPathname: 'historyPathname',
  unauthorizedCount: 'unauthorizedCount',
  /** Language and themes (SPEC §4: language and theme changes are stored). */
  preferences: 'preferences',
} as const;
