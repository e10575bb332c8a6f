import type { Dictionary } from './en';
import { app } from './zh/app';
import { auth } from './zh/auth';
import { errors } from './zh/errors';
import { shell } from './zh/shell';
import { account } from './zh/account';
import { companies } from './zh/companies';
import { management } from './zh/management';
import { monitoring } from './zh/monitoring';
import { palette } from './zh/palette';
import { failures } from './zh/failures';
import { form } from './zh/form';
import { manage } from './zh/manage';
import { nodeTags } from './zh/node-tags';
import { users } from './zh/users';
import { audit } from './zh/audit';
import { sites } from './zh/sites';
import { feeds } from './zh/feeds';
import { signalTypes } from './zh/signal-types';
import { hubs } from './zh/hubs';
import { nodes } from './zh/nodes';
import { alertEvents } from './zh/alert-events';
import { messages } from './zh/messages';
import { alerts } from './zh/alerts';
import { reports } from './zh/reports';
import { sharing } from './zh/sharing';

/** Chinese (Simplified). */
export const zh: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing };
