import { z } from 'zod';

/** Every error answer of the API: one sentence in plain words. */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });

export const HealthResponse = z.object({ status: z.literal('ok') });
