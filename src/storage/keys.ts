/** Browser storage keys of docs/product.md, Browser storage. */
export const STORAGE_KEYS = {
  userToken: 'userToken',
  accessToken: 'access_token',
  historyPathname: 'historyPathname',
  unauthorizedCount: 'unauthorizedCount',
  /** Language and themes (docs/product.md, Languages and themes: language and theme changes are stored). */
  preferences: 'preferences',
} as const;
