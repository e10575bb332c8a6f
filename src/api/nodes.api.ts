import { resourceApi } from './resource.api';
import { node, type NodeChange, type NodeInput, type NodeItem } from './contract/nodes';

/** `/api/nodes` (docs/product.md, Management); a change is partial, so it has its own body type. */
export const nodesApi = resourceApi<NodeItem, NodeInput, NodeChange>('nodes', node);
