import { z } from 'zod';
import { locale } from './auth';

/** PUT /api/me: the fields a person may change about themselves. Email is the sign-in identity and is not here. */
export const updateProfileRequest = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    locale: locale.optional(),
  })
  .refine((v) => v.name !== undefined || v.locale !== undefined, { message: 'Give a name or a locale to change', path: ['name'] });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
