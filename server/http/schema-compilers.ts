import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError, notFound } from './errors.ts';
import { stringifyWithRawJson } from './raw-json.ts';
import { parseBody, parseFields } from './validation.ts';

/**
 * Every route declares zod schemas for its params, querystring, body and response, and
 * fastify-type-provider-zod types its handler from them. Here they are applied: this is the one place
 * where a request part is parsed and where a refusal gets its DRF shape (validation.ts).
 */

/**
 * Request parts: a path that does not parse names nothing (404, as an unknown id does); a query or a
 * body that does not parse is a 400 with field errors.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'params') {
      const result = schema.safeParse(data);
      return result.success ? { value: result.data } : { error: notFound() };
    }
    if (httpPart === 'querystring') {
      // A query that parses is taken as it is: zod's quick path, without the error options that only word
      // the refusals (they cost a list request ~5 µs more); one that does not parse is parsed again for them.
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
    }
    try {
      return { value: httpPart === 'body' ? parseBody(schema, data) : parseFields(schema, data) };
    } catch (err) {
      if (err instanceof ApiError) return { error: err };
      throw err;
    }
  };

/**
 * Answers are encoded by their schemas: a field the schema does not name never leaves the server, and
 * an answer that breaks its schema is a 500 rather than a wrong answer. JSON the server wrote itself
 * (RawJson) is spliced in as it is.
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) =>
    encodeAnswer(schema, method, url, data);

function encodeAnswer(schema: z.ZodType, method: string, url: string, data: unknown): string {
  const result = schema.safeEncode(data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  return stringifyWithRawJson(result.data);
}

/**
 * serializerCompiler for a route whose small answers repeat (the profile): what each answer was written as is
 * remembered by the answer's own JSON text, and an answer with a text seen before gets the same output without
 * being encoded again. Two answers with the same text are the same JSON, so what leaves the server is always a
 * text that passed the schema. At most `max` texts of at most `maxLength` characters (longer ones are encoded
 * every time); not for answers holding RawJson, whose JSON text costs a parse.
 */
export const rememberingSerializer =
  // The route's own compiler option is typed by its whole schema; what Fastify hands it is one answer's.
  <RouteSchema>(max = 1_000, maxLength = 4_096): FastifySerializerCompiler<RouteSchema> =>
    ({ schema: answerSchema, method, url }) => {
      const schema = answerSchema as unknown as z.ZodType;
      const written = new Map<string, string>();
      // The last flat answer of each `id` (its fields in order, each a string, number, boolean or null) and what it
      // was written as: the same fields with the same values are the same JSON text, told without making the text.
      const lastOfId = new Map<unknown, { fields: unknown[]; encoded: string }>();
      return (data) => {
        const id = idOf(data);
        const last = id === undefined ? undefined : lastOfId.get(id);
        if (last && sameFlatFields(data as Record<string, unknown>, last.fields)) return last.encoded;
        const own = JSON.stringify(data);
        let encoded = written.get(own);
        if (encoded === undefined) {
          encoded = encodeAnswer(schema, method, url, data);
          if (own.length <= maxLength) {
            if (written.size >= max) written.delete(written.keys().next().value!);
            written.set(own, encoded);
          }
        }
        const fields = id === undefined ? undefined : flatFields(data as Record<string, unknown>);
        if (fields && own.length <= maxLength) {
          if (!lastOfId.has(id) && lastOfId.size >= max) lastOfId.delete(lastOfId.keys().next().value);
          lastOfId.set(id, { fields, encoded });
        }
        return encoded;
      };
    };

/** A plain object answer's `id` (a number or a string); undefined for anything else. */
function idOf(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

const isFlatValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The object's own fields as [name, value, name, value…] in order, if every value is flat; undefined otherwise. */
function flatFields(data: Record<string, unknown>): unknown[] | undefined {
  const fields: unknown[] = [];
  for (const name of Object.keys(data)) {
    const value = data[name];
    if (!isFlatValue(value)) return undefined;
    fields.push(name, value);
  }
  return fields;
}

/** Whether `data` has exactly the fields `fields` lists, in that order, with the same values. */
function sameFlatFields(data: Record<string, unknown>, fields: readonly unknown[]): boolean {
  let i = 0;
  for (const name in data) {
    if (!Object.hasOwn(data, name)) return false;
    if (i >= fields.length || fields[i] !== name || fields[i + 1] !== data[name]) return false;
    i += 2;
  }
  return i === fields.length;
}

/** Installs the compilers; routes registered after this use them. */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A request without a body is an empty one, as for DRF (a JSON `null` stays null, and is refused).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });
}
