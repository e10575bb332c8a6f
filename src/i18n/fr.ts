import type { Dictionary } from './en';
import { app } from './fr/app';
import { auth } from './fr/auth';
import { errors } from './fr/errors';
import { shell } from './fr/shell';
import { account } from './fr/account';
import { companies } from './fr/companies';
import { management } from './fr/management';
import { monitoring } from './fr/monitoring';
import { palette } from './fr/palette';
import { failures } from './fr/failures';
import { form } from './fr/form';
import { manage } from './fr/manage';
import { nodeTags } from './fr/node-tags';
import { users } from './fr/users';
import { audit } from './fr/audit';
import { sites } from './fr/sites';
import { feeds } from './fr/feeds';
import { signalTypes } from './fr/signal-types';
import { hubs } from './fr/hubs';
import { nodes } from './fr/nodes';
import { alertEvents } from './fr/alert-events';
import { messages } from './fr/messages';
import { alerts } from './fr/alerts';
import { reports } from './fr/reports';
import { sharing } from './fr/sharing';

/** French. */
export const fr: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing };
