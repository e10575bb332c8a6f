import { resourceApi } from './resource.api';
import { alertRule, type AlertRule, type AlertRuleChange, type AlertRuleInput } from './contract/alerts';

/** `/api/alert-rules` (DESIGN §6 "Alert rule"). */
export const alertRulesApi = resourceApi<AlertRule, AlertRuleInput, AlertRuleChange>('alert-rules', alertRule);
