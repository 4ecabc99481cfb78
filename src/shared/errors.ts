import { z } from 'zod';

/** The one error shape every API route answers with. `fields`, when present, names the refused
 * fields by their path in the request (`username`, `offers.2`, `guests.0.email`) with each one's
 * message, so a form puts each on its control without reading the message text. */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiError>;
/** Messages by field path, as an error's `fields` carries them. */
export type ApiFieldErrors = NonNullable<ApiError['error']['fields']>;
