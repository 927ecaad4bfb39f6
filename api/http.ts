import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../src/domain/leads/validation';
import { controlCharacterErrors } from '../src/domain/plain-text';
import type { ApiEnv } from './types';

/** The API's error shape: `{ error, fields? }` with a 4xx status. */
export function errorResponse(
  c: Context<ApiEnv>,
  status: 400 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429,
  error: string,
  fields?: Record<string, string>,
) {
  return c.json(fields ? { error, fields } : { error }, status);
}

export class BadRequest extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The JSON body, or a BadRequest a person can act on (the guard already checked size and type). */
export async function readJson(c: Context<ApiEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw new BadRequest(400, 'The request body is empty. Send the form as JSON.');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(400, 'The request body is not valid JSON.');
  }
  // One rule for every route and both stores: no NUL or other control characters in any text.
  const fields = controlCharacterErrors(body);
  if (fields) throw new BadRequest(422, 'Please fix the following errors:', fields);
  return body;
}

/** Parses `body` with `schema`, or throws 422 with a message per field. */
export function validate<S extends z.ZodType>(
  schema: S,
  body: unknown,
  summary = 'Please fix the following errors:',
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BadRequest(422, summary, fieldErrors(parsed.error));
  return parsed.data;
}
