import { z } from 'zod';

/** Every reply of the API is this envelope; `code` is present only when `success` is false. */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value,
    message: z.string(),
    code: z.string().optional(),
  });
}

/** The failure envelope: `value` carries details such as the failing fields of a 400. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  value: z.unknown().nullable(),
  message: z.string(),
  code: z.string(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** One failing input field of a 400 reply. */
export const fieldError = z.object({
  field: z.string(),
  message: z.string(),
  /** empty, too_short, too_long, pattern, inconsistent_twice, taken or invalid; clients translate it. */
  code: z.string().optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
});
export type FieldError = z.infer<typeof fieldError>;

/** The `value` of a call that answers nothing but success. */
export const nothing = z.null();
