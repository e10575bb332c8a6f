import { resourceApi } from './resource.api';
import { site, type Site, type SiteChange, type SiteInput } from './contract/sites';

/** `/api/sites` (DESIGN §6). */
export const sitesApi = resourceApi<Site, SiteInput, SiteChange>('sites', site);
