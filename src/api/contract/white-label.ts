import { z } from 'zod';

export const whiteLabelQuery = z.object({ Domain: z.string().trim().min(1).max(253) });
export const whiteLabelSettings = z.object({
  faviconUrl: z.string().max(2048),
  loginLogoUrl: z.string().max(2048),
  siteLogoUrl: z.string().max(2048),
  websiteTitle: z.string().max(200),
});
export type WhiteLabelSettings = z.infer<typeof whiteLabelSettings>;
