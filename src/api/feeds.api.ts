import { resourceApi } from './resource.api';
import { feed, type Feed, type FeedChange, type FeedInput } from './contract/feeds';

/** `/api/feeds` (docs/product.md, Management). */
export const feedsApi = resourceApi<Feed, FeedInput, FeedChange>('feeds', feed);
