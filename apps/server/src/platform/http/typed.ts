import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { assertInvariant } from '../errors/invariant.ts';

/**
 * The app as a routes module sees it: a route's body, query string, path parameters and replies
 * take the static types of its TypeBox schemas, so a handler reads `request.body` without a cast
 * and a reply that leaves its schema fails the type check. The provider is types only (Fastify's
 * `withTypeProvider` returns the same instance), so app.ts hands its plain instance over as it is
 * and validation stays platform/http/validation's.
 */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * An optional property with a default: a request may leave it out (so the OpenAPI document lists it
 * as optional, exactly as Type.Optional does), and the validator then writes the default in (ajv's
 * useDefaults), so the handler's type has it always. Only a schema with a default can be one.
 */
export function Defaulted<T extends TSchema>(schema: T): T {
  assertInvariant('default' in schema, 'a Defaulted property needs a default');
  // Type.Optional marks the schema for the document and the validator; the type keeps it required.
  return Type.Optional(schema) as unknown as T;
}
