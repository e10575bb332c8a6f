import { resourceApi } from './resource.api';
import { messageTemplate, type MessageTemplate, type MessageTemplateChange, type MessageTemplateInput } from './contract/alerts';

/** `/api/message-templates` (docs/product.md, Alerts, the Messages Manager). */
export const messageTemplatesApi = resourceApi<MessageTemplate, MessageTemplateInput, MessageTemplateChange>('message-templates', messageTemplate);
