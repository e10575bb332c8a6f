import { resourceApi } from './resource.api';
import { hub, type Hub, type HubChange, type HubInput } from './contract/hubs';

/** `/api/hubs` (docs/product.md, Management); a change is partial, so it has its own body type. */
export const hubsApi = resourceApi<Hub, HubInput, HubChange>('hubs', hub);
