import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors.ts';

/**
 * Typed answers for the server tests: a body is read through the contract's zod schema of that answer,
 * never as `any`. A body that does not match fails the test with the schema's complaint and the body
 * itself. The body handed back is the JSON as the server sent it (checked, not stripped of unknown keys),
 * so a test that asserts an exact shape still sees every key; the contract's answer schemas do not
 * transform, so what the schema accepts is what its type says.
 */

/**
 * `value` (an answer already read, e.g. a record a support helper returns untyped) checked with `schema`
 * and typed by it: the value itself, not a stripped copy. A mismatch fails with the complaint and the value.
 */
export function matching<S extends z.ZodType>(schema: S, value: unknown, what = 'value'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${what} does not match its contract schema:\n${parsed.error.message}\n${what}: ${JSON.stringify(value)?.slice(0, 2000)}`,
    );
  }
  // The value as it came, now known to have the schema's shape (the schemas of answers do not transform).
  return value as z.output<S>;
}

/** A body parsed with `schema`, or an error that names the status, the schema's complaint and the body. */
export function bodyOf<S extends z.ZodType>(res: LightMyRequestResponse, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(res.body);
  } catch {
    throw new Error(`${res.statusCode} answer is not JSON: ${res.body.slice(0, 500)}`);
  }
  return matching(schema, raw, `${res.statusCode} answer`);
}

/** An error answer, parsed with the contract's error body schema (or a narrower one of contract/errors.ts). */
export function errorOf<S extends z.ZodType = typeof errorBodySchema>(res: LightMyRequestResponse, schema?: S): z.output<S> {
  return bodyOf(res, schema ?? errorBodySchema) as z.output<S>;
}

/** `app.inject` whose body is parsed with `schema`: `{ res, body }`. */
export async function injectJson<S extends z.ZodType>(
  app: FastifyInstance,
  options: InjectOptions,
  schema: S,
): Promise<{ res: LightMyRequestResponse; body: z.output<S> }> {
  const res = await app.inject(options);
  return { res, body: bodyOf(res, schema) };
}

/** `app.inject` of a request that is refused: `{ res, body }` with the body parsed as an error answer. */
export async function injectError<S extends z.ZodType = typeof errorBodySchema>(
  app: FastifyInstance,
  options: InjectOptions,
  schema?: S,
): Promise<{ res: LightMyRequestResponse; body: z.output<S> }> {
  const res = await app.inject(options);
  return { res, body: errorOf(res, schema) };
}

/**
 * vitest's asymmetric matchers as values inside an expected body: the same matchers, typed `unknown`
 * rather than vitest's `any`, so that an expected object stays typed.
 */
export const anyInstance = (type: unknown): unknown => expect.any(type);
export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);
export const stringContaining = (part: string): unknown => expect.stringContaining(part);
