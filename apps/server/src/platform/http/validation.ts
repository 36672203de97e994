import AjvModule, { type ValidateFunction } from 'ajv';
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

// C0 control characters but tab, line feed and carriage return. No field of ours means one, and
// PostgreSQL refuses U+0000 in text and jsonb ("invalid byte sequence for encoding UTF8: 0x00"), so
// a NUL that reached a query answered 500.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL_CHARACTER_PATTERN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** At most this many fields are named in one refusal. */
const CONTROL_CHARACTER_FIELDS_MAX = 20;

/**
 * The JSON pointers (`/items/0/name`) of the strings and object keys in a value that hold a control
 * character, none when there is none. Walks with its own stack, so a deep value cannot overflow the
 * call stack.
 */
export function findControlCharacters(value: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0 && found.length < CONTROL_CHARACTER_FIELDS_MAX) {
    const next = pending.pop() as { value: unknown; path: string };
    if (typeof next.value === 'string') {
      if (CONTROL_CHARACTER_PATTERN.test(next.value)) found.push(next.path);
    } else if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => {
        pending.push({ value: item, path: `${next.path}/${index}` });
      });
    } else if (typeof next.value === 'object' && next.value !== null) {
      for (const [key, item] of Object.entries(next.value)) {
        const path = `${next.path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (CONTROL_CHARACTER_PATTERN.test(key)) found.push(path);
        else pending.push({ value: item, path });
      }
    }
  }
  return found;
}

/**
 * Whether a raw JSON text (a signed callback, read before any schema) holds a control character,
 * as raw bytes or as a `\u0000` escape inside a string. Text that is no JSON is the reader's to
 * refuse.
 */
export function jsonTextHasControlCharacter(text: string): boolean {
  if (CONTROL_CHARACTER_PATTERN.test(text)) return true;
  try {
    return findControlCharacters(JSON.parse(text)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Fastify's validator compiler with the two policies above. Every part it validates (body, query,
 * path parameters, headers) is also refused, on the field, when a string or key in it holds a
 * control character: one check for every route instead of a pattern on every field. A schema is
 * compiled on its route's first request rather than when the app starts (as the serializers are:
 * lazy-serializer.ts), and kept.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, contentType }) => {
  // A form is read part by part by its handler, which checks it there (upload.ts multipartBody).
  if (contentType === 'multipart/form-data') return (data: unknown) => ({ value: data });
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  return (data: unknown) => {
    compiled ??= ajv.compile(schema as object);
    const validate = compiled;
    const isValid = validate(data);
    const errors = isValid ? [] : [...(validate.errors ?? [])];
    for (const instancePath of findControlCharacters(data)) {
      errors.push({
        instancePath,
        schemaPath: '#',
        keyword: 'controlCharacter',
        params: {},
        message: 'must not contain control characters',
      });
    }
    return errors.length === 0 ? { value: data } : { error: errors };
  };
};
