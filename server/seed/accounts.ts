/** The demo sign-ins `npm start` prints (docs/product.md, Demo world): one password for all of them. */
export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@sitewatch.test', name: 'Ada Admin', note: 'platform admin, MFA on' },
  { email: 'manager@sitewatch.test', name: 'Max Manager', note: 'manager in two companies' },
  { email: 'user@sitewatch.test', name: 'Uma User', note: 'user in one company' },
  { email: 'viewer@sitewatch.test', name: 'Vic Viewer', note: 'viewer, for wall displays' },
] as const;
