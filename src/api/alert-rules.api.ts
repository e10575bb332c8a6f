import { resourceApi } from './resource.api';
import { alertRule, type AlertRule, type AlertRuleChange, type AlertRuleInput } from './contract/alerts';

/** `/api/alert-rules` (docs/product.md, Alerts). */
export const alertRulesApi = resourceApi<AlertRule, AlertRuleInput, AlertRuleChange>('alert-rules', alertRule);
