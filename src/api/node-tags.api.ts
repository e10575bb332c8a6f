import { resourceApi } from './resource.api';
import { nodeTag, type NodeTag, type NodeTagInput } from './contract/node-tags';

/** `/api/node-tags` (docs/product.md, Management). */
export const nodeTagsApi = resourceApi<NodeTag, NodeTagInput>('node-tags', nodeTag);
