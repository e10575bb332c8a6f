import type { Migration } from 'kysely';
import * as m0001 from './0001-auth';
import * as m0002 from './0002-oidc-states';
import * as m0003 from './0003-monitoring';
import * as m0004 from './0004-feed-latest';
import * as m0005 from './0005-rollup-rising';
import * as m0006 from './0006-readings-without-rowid';
import * as m0007 from './0007-management';
import * as m0008 from './0008-device-lists';
import * as m0009 from './0009-node-search';
import * as m0010 from './0010-signal-type-keys';
import * as m0011 from './0011-alerts';
import * as m0015 from './0015-reports';
import * as m0016 from './0016-exports';
import * as m0017 from './0017-idempotency';
import * as m0018 from './0018-displays';
import * as m0020 from './0020-shares';
import * as m0021 from './0021-export-schedules';
import * as m0022 from './0022-readings-partitions';
import * as m0023 from './0023-email-verification';
import * as m0024 from './0024-node-list-versions';
import * as m0025 from './0025-invitations';
import * as m0026 from './0026-idempotency-company';
import * as m0027 from './0027-display-last-seen';

/** Plain numbered files, applied in key order on SQLite and PostgreSQL alike. */
export const migrations: Record<string, Migration> = {
  '0001-auth': m0001,
  '0002-oidc-states': m0002,
  '0003-monitoring': m0003,
  '0004-feed-latest': m0004,
  '0005-rollup-rising': m0005,
  '0006-readings-without-rowid': m0006,
  '0007-management': m0007,
  '0008-device-lists': m0008,
  '0009-node-search': m0009,
  '0010-signal-type-keys': m0010,
  '0011-alerts': m0011,
  // 0012–0014 were never used: numbers only grow, since a database already past them would refuse one added below.
  '0015-reports': m0015,
  '0016-exports': m0016,
  '0017-idempotency': m0017,
  '0018-displays': m0018,
  '0020-shares': m0020,
  '0021-export-schedules': m0021,
  '0022-readings-partitions': m0022,
  '0023-email-verification': m0023,
  '0024-node-list-versions': m0024,
  '0025-invitations': m0025,
  '0026-idempotency-company': m0026,
  '0027-display-last-seen': m0027,
};
