import type { Dictionary } from './en';
import { app } from './it/app';
import { auth } from './it/auth';
import { errors } from './it/errors';
import { shell } from './it/shell';
import { account } from './it/account';
import { companies } from './it/companies';
import { management } from './it/management';
import { monitoring } from './it/monitoring';
import { palette } from './it/palette';
import { failures } from './it/failures';
import { form } from './it/form';
import { manage } from './it/manage';
import { nodeTags } from './it/node-tags';
import { users } from './it/users';
import { audit } from './it/audit';
import { sites } from './it/sites';
import { feeds } from './it/feeds';
import { signalTypes } from './it/signal-types';
import { hubs } from './it/hubs';
import { nodes } from './it/nodes';
import { alertEvents } from './it/alert-events';
import { messages } from './it/messages';
import { alerts } from './it/alerts';
import { reports } from './it/reports';
import { sharing } from './it/sharing';

/** Italian. */
export const it: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing };
