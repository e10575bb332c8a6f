import { request } from './client';
import { resourceApi } from './resource.api';
import { createdDisplay, display, type CreatedDisplay, type Display, type DisplayChange, type DisplayInput } from './contract/displays';

const rest = resourceApi<Display, DisplayInput, DisplayChange>('displays', display);

/**
 * `/api/displays` (docs/product.md, Wall displays): a company's wall displays. The create answer is the only one that
 * holds the display's key, so it is read with its own schema (the row's would drop the key).
 */
export const displaysApi = {
  ...rest,
  create: (input: DisplayInput): Promise<CreatedDisplay> => request(createdDisplay, 'POST', '/api/displays', { json: input }),
};
