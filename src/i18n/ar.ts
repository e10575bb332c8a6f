import type { Dictionary } from './en';
import { app } from './ar/app';
import { auth } from './ar/auth';
import { errors } from './ar/errors';
import { shell } from './ar/shell';
import { account } from './ar/account';
import { companies } from './ar/companies';
import { management } from './ar/management';
import { monitoring } from './ar/monitoring';
import { palette } from './ar/palette';
import { failures } from './ar/failures';
import { form } from './ar/form';
import { manage } from './ar/manage';
import { nodeTags } from './ar/node-tags';
import { users } from './ar/users';
import { audit } from './ar/audit';
import { sites } from './ar/sites';
import { feeds } from './ar/feeds';
import { signalTypes } from './ar/signal-types';
import { hubs } from './ar/hubs';
import { nodes } from './ar/nodes';
import { alertEvents } from './ar/alert-events';
import { messages } from './ar/messages';
import { alerts } from './ar/alerts';
import { reports } from './ar/reports';
import { sharing } from './ar/sharing';

/** Arabic. */
export const ar: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing };
