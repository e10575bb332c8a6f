import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AlertTables } from './alerts.schema';
import type { ReportTables } from './reports.schema';
import type { ExportTables } from './exports.schema';
import type { IdempotencyTables } from './idempotency.schema';
import type { DisplayTables } from './displays.schema';
import type { ShareTables } from './shares.schema';
import type { ExportSchedulesTable } from './export-schedules.schema';

/** Times are epoch milliseconds in both dialects; flags are 0/1 integers. */
export interface CompaniesTable {
  id: string;
  name: string;
  customerType: 'UKE' | 'Mackwell' | 'EPS';
  timezone: string;
  createdAt: number;
}
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  mfaEnabled: number;
  locale: string;
  platformRole: 'admin' | null;
  disabled: number;
  lastLoginAt: number | null;
  createdAt: number;
  /** 0 only for a sign-up whose emailed link has not been followed yet; such an account cannot sign in. */
  emailVerified: Generated<number>;
}
export interface MembershipsTable {
  userId: string;
  companyId: string;
  role: 'manager' | 'user' | 'viewer';
  /** The member may not act for this company (their other memberships are untouched). */
  disabled: Generated<number>;
  /** Set while the membership is an invitation its person has not accepted: it grants nothing until then. */
  invitedAt: number | null;
  /** The name the inviting manager typed, shown instead of the account's own until the invitation is accepted. */
  invitedName: string | null;
  /** The accept link's hash, for an invitation mailed to an account that has a password. */
  inviteTokenHash: string | null;
}
export interface RefreshFamiliesTable {
  id: string;
  /** Whose identity and rights the session carries (the shadowed user while shadowing a user). */
  userId: string;
  /** The admin acting, while shadowing. */
  actorUserId: string | null;
  shadowKind: 'company' | 'user' | null;
  /** For a company shadow: the only company this family may hold. */
  shadowCompanyId: string | null;
  absoluteExpiresAt: number;
  revokedAt: number | null;
  revokedReason: string | null;
  createdAt: number;
}
export interface RefreshTokensTable {
  id: string;
  familyId: string;
  tokenHash: string;
  companyId: string | null;
  createdAt: number;
  spentAt: number | null;
}
export interface OtpChallengesTable {
  id: string;
  userId: string;
  tokenHash: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
  lastSentAt: number;
  consumedAt: number | null;
  rememberMe: number;
  createdAt: number;
}
export interface PasswordResetTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  /** The company whose invitation this set-password link accepts; null for a forgot-password link. */
  companyId: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}
export interface EmailVerificationTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  /** The password of the sign-up that mailed this link; following the link makes it the account's. */
  passwordHash: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}
export interface MailOutboxTable {
  id: Generated<number>;
  toAddr: string;
  subject: string;
  text: string;
  html: string;
  createdAt: number;
}
export interface WhiteLabelSettingsTable {
  domain: string;
  faviconUrl: string;
  loginLogoUrl: string;
  siteLogoUrl: string;
  websiteTitle: string;
  updatedAt: number;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actorUserId: string | null;
  subjectUserId: string | null;
  companyId: string | null;
  action: string;
  detail: string;
  /** The kind of shadow session the entry was made in, or null when the actor acted as themselves. */
  shadow: 'company' | 'user' | null;
}
export interface AuthAttemptsTable {
  key: string;
  at: number;
}

/** One external sign-in in flight: created by start, deleted by the callback that uses it. */
export interface OidcStatesTable {
  id: string;
  /** SHA-256 of the state parameter: the lookup key, so a database reader cannot finish someone's sign-in. */
  stateHash: string;
  /** SHA-256 of the browser-binding cookie, so a state only completes in the browser that started it. */
  bindingHash: string;
  provider: string;
  nonce: string;
  codeVerifier: string;
  returnUrl: string | null;
  rememberMe: number;
  createdAt: number;
  expiresAt: number;
}

export interface SitesTable {
  id: string;
  companyId: string;
  parentSiteId: string | null;
  name: string;
  address: string;
  /** The coordinates as entered (DMS text or decimal). */
  coordinates: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  /** The safe range for fridges at this site; null means 2–8 °C. */
  safeMin: number | null;
  safeMax: number | null;
  /** A maintenance window: alert events opened before it ends are muted. */
  mutedUntil: ColumnType<number | null, number | null | undefined, number | null>;
  /** The daily fridge checks, local `HH:MM`. */
  checkAm: ColumnType<string, string | undefined, string>;
  checkPm: ColumnType<string, string | undefined, string>;
  createdAt: number;
}
export interface HubsTable {
  id: string;
  siteId: string;
  companyId: string;
  serial: string;
  name: string;
  firmware: string;
  /** Seconds between reports; a hub is online when seen within 3 periods. */
  reportingPeriodS: number;
  lastSeenAt: number | null;
  createdAt: number;
}
export interface HubApiKeysTable {
  id: string;
  hubId: string;
  keyHash: string;
  label: string;
  createdAt: number;
  revokedAt: number | null;
}
export interface NodesTable {
  id: string;
  hubId: string;
  siteId: string;
  companyId: string;
  name: string;
  serial: string;
  deviceType: string;
  batteryPct: number | null;
  signalDbm: number | null;
  lastSeenAt: number | null;
  createdAt: number;
}
export interface SignalTypesTable {
  id: string;
  /** Null for the platform's built-in types (every company reads them, only admins change them). */
  companyId: string | null;
  key: string;
  name: string;
  unit: string;
  kind: 'instant' | 'counter';
}
export interface FeedsTable {
  id: string;
  nodeId: string;
  companyId: string;
  signalTypeId: string;
  name: string;
  /** The feed's own alarm range; null on both ends means none. */
  rangeMin: number | null;
  rangeMax: number | null;
}
export interface NodeTagsTable {
  id: string;
  companyId: string;
  name: string;
  colour: string;
}
export interface NodeTagLinksTable {
  nodeId: string;
  tagId: string;
}
export interface ReadingsTable {
  feedId: string;
  ts: number;
  value: number;
}
export interface ReadingRollupsTable {
  feedId: string;
  /** '15m' and '1h' buckets start at UTC boundaries; '1d' buckets at the site's local midnight. */
  grain: '15m' | '1h' | '1d';
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  firstTs: number;
  first: number;
  lastTs: number;
  last: number;
  /** 1 when the bucket's readings never decrease (a counter's consumption inside it is last − first); 0 when not known. */
  rising: Generated<number>;
}

export interface FeedLatestTable {
  feedId: string;
  ts: number;
  value: number;
}

export interface Database extends AlertTables, ReportTables, ExportTables, IdempotencyTables, DisplayTables, ShareTables {
  companies: CompaniesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  refreshFamilies: RefreshFamiliesTable;
  refreshTokens: RefreshTokensTable;
  otpChallenges: OtpChallengesTable;
  passwordResetTokens: PasswordResetTokensTable;
  emailVerificationTokens: EmailVerificationTokensTable;
  mailOutbox: MailOutboxTable;
  whiteLabelSettings: WhiteLabelSettingsTable;
  auditLog: AuditLogTable;
  authAttempts: AuthAttemptsTable;
  oidcStates: OidcStatesTable;
  sites: SitesTable;
  hubs: HubsTable;
  hubApiKeys: HubApiKeysTable;
  nodes: NodesTable;
  signalTypes: SignalTypesTable;
  feeds: FeedsTable;
  nodeTags: NodeTagsTable;
  nodeTagLinks: NodeTagLinksTable;
  readings: ReadingsTable;
  readingRollups: ReadingRollupsTable;
  feedLatest: FeedLatestTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
export type RefreshFamily = Selectable<RefreshFamiliesTable>;
export type WhiteLabelRow = Selectable<WhiteLabelSettingsTable>;
export type OidcState = Selectable<OidcStatesTable>;

/** Export schedules (migration 0021): merged into Database here so the list above stays as it was. */
export interface Database {
  exportSchedules: ExportSchedulesTable;
}
