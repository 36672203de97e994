import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv and ajv-formats are CommonJS modules with a default export.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerceTypes ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON and typed by the client, so nothing is coerced: a JSON number where the schema
// wants a money string is refused. Query strings and path parameters are text and are coerced.
const bodyAjv = createAjv(false);
const textAjv = createAjv(true);

/** Fastify's validator compiler with the two policies above. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const validate = ajv.compile(schema as object);
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    return { error: validate.errors ?? [] };
  };
};
