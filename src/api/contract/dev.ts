import { z } from 'zod';

export const outboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });
export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  at: z.string(),
});
export const outboxResponse = z.array(outboxMail);
export type OutboxMail = z.infer<typeof outboxMail>;
