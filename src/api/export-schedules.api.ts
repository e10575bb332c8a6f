import { resourceApi } from './resource.api';
import { exportSchedule, type ExportSchedule, type ExportScheduleChange, type ExportScheduleInput } from './contract/export-schedules';

/** `/api/export-schedules` (docs/product.md, Exports): a site's export mailed weekly or monthly to chosen members. */
export const exportSchedulesApi = resourceApi<ExportSchedule, ExportScheduleInput, ExportScheduleChange>('export-schedules', exportSchedule);
