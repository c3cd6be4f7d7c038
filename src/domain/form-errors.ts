/**
 * Form validation helper: a zod error turned into one message per field (the first issue of
 * each path), for showing next to the inputs. Pure.
 */
import type { z } from 'zod';

/** Messages by dotted field path ('nama', 'items.0.huruf'); the first issue of a path wins. */
export type FieldErrors = Record<string, string>;

/** The first message of every field path of `error` ('' for issues of the whole object). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
