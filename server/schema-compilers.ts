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
  (data) => {
    const result = schema.safeEncode(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return stringifyWithRawJson(result.data);
  };

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
