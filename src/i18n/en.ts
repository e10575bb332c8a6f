import { app } from './en/app';
import { auth } from './en/auth';
import { errors } from './en/errors';
import { shell } from './en/shell';
import { account } from './en/account';
import { companies } from './en/companies';
import { management } from './en/management';
import { monitoring } from './en/monitoring';
import { palette } from './en/palette';
import { failures } from './en/failures';
import { form } from './en/form';
import { manage } from './en/manage';
import { nodeTags } from './en/node-tags';
import { users } from './en/users';
import { audit } from './en/audit';
import { sites } from './en/sites';
import { feeds } from './en/feeds';
import { signalTypes } from './en/signal-types';
import { hubs } from './en/hubs';
import { nodes } from './en/nodes';
import { alertEvents } from './en/alert-events';
import { messages } from './en/messages';
import { alerts } from './en/alerts';
import { reports } from './en/reports';
import { sharing } from './en/sharing';
import { nodeDetail } from './en/node-detail';
import { readings } from './en/readings';
import { chart } from './en/chart';
import { builtIns } from './en/built-ins';
import { wall } from './en/wall';

/**
 * The English dictionary: the source of every i18n key (keys are typed from this object). Each area keeps its
 * strings in its own module under en/, and every other language mirrors that layout.
 */
export const en = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette, ...failures, ...form, ...manage, ...nodeTags, ...users, ...audit, ...sites, ...feeds, ...signalTypes, ...hubs, ...nodes, ...alertEvents, ...messages, ...alerts, ...reports, ...sharing, ...nodeDetail, ...readings, ...chart, ...builtIns, ...wall } as const;

export type I18nKey = keyof typeof en;
export type Dictionary = Record<I18nKey, string>;
