import type { SessionRole } from './common';

// Plain functions, no schema: the palette's commands ask them on the sign-in page, whose first bundle carries no zod.

/**
 * Who may change what a company has set up (its sites, devices, people, rules, templates): its managers and the
 * platform's admins. The server's resources refuse everyone else and the client offers them no New, Edit or Delete,
 * both by asking this one function.
 */
export const mayManage = (role: SessionRole | null | undefined): boolean => role === 'admin' || role === 'manager';
/** Who may act on what the company sees (alert events, reports, exports): everyone but its viewers, who look. */
export const mayAct = (role: SessionRole | null | undefined): boolean => role != null && role !== 'viewer';
