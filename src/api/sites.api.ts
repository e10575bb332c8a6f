import { resourceApi } from './resource.api';
import { site, type Site, type SiteChange, type SiteInput } from './contract/sites';

/** `/api/sites` (docs/product.md, Management). */
export const sitesApi = resourceApi<Site, SiteInput, SiteChange>('sites', site);
