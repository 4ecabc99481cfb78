import { z } from 'zod';

/** The one error shape every API route answers with. */
export const apiError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiError>;
