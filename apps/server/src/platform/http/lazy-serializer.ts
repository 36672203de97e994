import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify, with the app's shared schemas), each
 * compiled the first time its route answers with its status rather than when the app starts. A
 * start compiled every response schema of every route up front: most of the two seconds an app took
 * to build, paid again by every process and every test file, for routes a process may never answer.
 * A serializer compiles once and is kept; a schema it cannot compile fails that route's first answer.
 */
export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((document: unknown) => string) | undefined;
    return (document) => {
      serialize ??= compile(route);
      return serialize(document);
    };
  };
};
