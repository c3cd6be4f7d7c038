// Request validation with the zod schemas of src/domain. A failure becomes a 400 whose
// message is the first issue: the schema's own Indonesian text when it has one, else a
// readable text built here (field name + what is wrong), never zod's English default.
import type { z } from 'zod';
import { ID_MAX } from '../src/domain/master-data';
import { SERVER_MSG } from '../src/domain/messages';
import { HttpError } from './http-error';

type RawIssue = z.core.$ZodRawIssue;

/** The innermost named field of an issue ('items.0.huruf' -> 'Huruf'), or null at the root. */
function fieldName(issue: RawIssue): string | null {
  const name = [...(issue.path ?? [])].reverse().find((segment) => typeof segment === 'string');
  if (name === undefined) return null;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Indonesian texts for issues whose schema has no message of its own. */
function issueMessage(issue: RawIssue): string {
  const field = fieldName(issue);
  if (!field) return SERVER_MSG.invalidInput;
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value': // an enum or literal field left out is missing, not wrong
    case 'invalid_union':
      return missing ? `${field} wajib diisi` : `${field} tidak valid`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${field} minimal ${String(issue.minimum)} karakter`
        : `${field} minimal ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} maksimal ${String(issue.maximum)} karakter`
        : `${field} maksimal ${String(issue.maximum)}`;
    default:
      return `${field} tidak valid`;
  }
}

/** The first readable message of a failed parse. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? SERVER_MSG.invalidInput;
}

/** `value` parsed by `schema`, or the first readable issue (for checks that must not throw, like bulk rows). */
export function checkInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const result = schema.safeParse(value, { error: issueMessage });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: firstIssueMessage(result.error) };
}

/** `value` parsed by `schema`; throws HttpError 400 with the first readable issue. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = checkInput(schema, value);
  if (!result.ok) throw new HttpError(400, result.message);
  return result.data;
}

const ID_RE = /^[1-9][0-9]{0,15}$/;

/**
 * A path id (`/:id`) as a number: 400 SERVER_MSG.invalidId unless it is a positive integer
 * in decimal; 404 for one beyond ID_MAX, which no row can have.
 */
export function parseId(value: unknown): number {
  if (typeof value !== 'string' || !ID_RE.test(value)) throw new HttpError(400, SERVER_MSG.invalidId);
  const id = Number(value);
  if (id > ID_MAX) throw new HttpError(404, SERVER_MSG.notFound);
  return id;
}
