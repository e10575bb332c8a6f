import type { Dictionary } from './en';
import { app } from './es/app';
import { auth } from './es/auth';
import { errors } from './es/errors';
import { shell } from './es/shell';
import { account } from './es/account';
import { companies } from './es/companies';
import { management } from './es/management';
import { monitoring } from './es/monitoring';
import { palette } from './es/palette';
import { failures } from './es/failures';
import { form } from './es/form';
import { manage } from './es/manage';
import { nodeTags } from './es/node-tags';
import { users } from './es/users';
import { audit } from './es/audit';
import { sites } from './es/sites';
import { feeds } from './es/feeds';
import { signalTypes } from './es/signal-types';
import { hubs } from './es/hubs';
import { nodes } from './es/nodes';
import { alertEvents } from './es/alert-events';
import { messages } from './es/messages';
import { alerts } from './es/alerts';
import { reports } from './es/reports';
import { sharing } from './es/sharing';

/** Spanish. */
export const es: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing };
