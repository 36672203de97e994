import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';

/**
 * Sends every bad kind of input to every route of the app's OpenAPI document and collects the
 * answers of 500 and above: malformed, oversize, deeply nested, NUL-bearing, wrong-typed,
 * out-of-range and wrong-content-type bodies; NUL-bearing, repeated and wrong-typed query values;
 * NUL-bearing and odd path parameters; odd but deliverable headers. Every case is fixed, so a run
 * is the same every time.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

type Parameter = { in: 'query' | 'path' | 'header' | 'cookie'; name: string; schema?: JsonSchema };

export type FuzzOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the document writes it, `/bo/staff/{id}/lock`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the route declares one. */
  bodySchema: JsonSchema | undefined;
  takesMultipart: boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type RequestBody = { content?: Record<string, { schema?: JsonSchema }> };

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** Every operation of the app's OpenAPI document, with its $refs resolved. */
export function listOperations(app: FastifyInstance): FuzzOperation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (schema === undefined || depth > 20) return schema;
    if (schema.$ref) return resolve(components[schema.$ref.split('/').pop() ?? ''], depth + 1);
    const resolved: JsonSchema = { ...schema };
    if (schema.properties) {
      resolved.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [
          name,
          resolve(property, depth + 1) ?? {},
        ]),
      );
    }
    if (schema.items) resolved.items = resolve(schema.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = schema[key];
      if (list) resolved[key] = list.map((one) => resolve(one, depth + 1) ?? {});
    }
    return resolved;
  };
  const operations: FuzzOperation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as FuzzOperation['method'],
        path,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          ...parameter,
          schema: resolve(parameter.schema),
        })),
        bodySchema: resolve(content['application/json']?.schema),
        takesMultipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** What a value of each kind becomes in one body case. */
type Leaf = (schema: JsonSchema, kind: string) => unknown;

function kindOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum && schema.enum.length > 0) return typeof schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  return 'unknown';
}

/** A value shaped like the schema (every property present), with each leaf chosen by `leaf`. */
function shaped(schema: JsonSchema | undefined, leaf: Leaf, depth = 0): unknown {
  if (schema === undefined || depth > 8) return leaf({}, 'unknown');
  const choice = schema.anyOf?.find((one) => kindOf(one) !== 'null') ?? schema.oneOf?.[0];
  if (choice) return shaped(choice, leaf, depth + 1);
  if (schema.allOf?.length) return shaped(Object.assign({}, ...schema.allOf), leaf, depth + 1);
  const kind = kindOf(schema);
  if (kind === 'object' && schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const propertyKind = kindOf(property);
      value[name] =
        propertyKind === 'object' || propertyKind === 'array'
          ? (leaf(property, propertyKind) ?? shaped(property, leaf, depth + 1))
          : leaf(property, propertyKind);
    }
    return value;
  }
  if (kind === 'array') {
    return leaf(schema, kind) ?? [shaped(schema.items, leaf, depth + 1)];
  }
  return leaf(schema, kind);
}

const PATTERN_CANDIDATES = [
  '100.00',
  '1',
  '123456',
  'Abc12345',
  'abc',
  'ABC',
  'EN',
  '2026-11-23',
  '2026-11-23T11:00:00.000Z',
  '09171234567',
  '+63',
  'https://example.test/a',
  '/a',
  'a@example.test',
  'GCASH',
  'a-b_c.1',
  'x'.repeat(64),
];

/** A string the schema accepts, as near as a guess can make it: enum, format, pattern, length. */
function plausibleString(schema: JsonSchema): string {
  if (typeof schema.const === 'string') return schema.const;
  if (schema.enum && typeof schema.enum[0] === 'string') return schema.enum[0];
  if (schema.format === 'date-time') return '2026-11-23T11:00:00.000Z';
  if (schema.format === 'date') return '2026-11-23';
  if (schema.format === 'email') return 'a@example.test';
  if (schema.format === 'uri') return 'https://example.test/a';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (found) return found;
  }
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 8, 8));
  return 'x'.repeat(length);
}

function plausibleNumber(schema: JsonSchema): number {
  return schema.maximum ?? schema.minimum ?? 1;
}

/** Every string carries a NUL and other C0 controls; the rest is plausible. */
const nulLeaf: Leaf = (schema, kind) => {
  if (kind === 'string' || kind === 'unknown') return `${plausibleString(schema).slice(0, 1)}\u0000\u0007`;
  if (kind === 'number' || kind === 'integer') return plausibleNumber(schema);
  if (kind === 'boolean') return true;
  return undefined;
};

/** Everything as near valid as a guess can make it, numbers at their largest allowed. */
const plausibleLeaf: Leaf = (schema, kind) => {
  if (kind === 'string' || kind === 'unknown') return plausibleString(schema);
  if (kind === 'number' || kind === 'integer') return plausibleNumber(schema);
  if (kind === 'boolean') return true;
  return undefined;
};

/** Strings at twice their length limit, numbers far past theirs. */
const oversizeLeaf: Leaf = (schema, kind) => {
  if (kind === 'string' || kind === 'unknown')
    return 'x'.repeat(Math.min((schema.maxLength ?? 500) * 2 + 1, 20_000));
  if (kind === 'integer') return Number.MAX_SAFE_INTEGER * 2;
  if (kind === 'number') return 1e308;
  if (kind === 'boolean') return false;
  if (kind === 'array')
    return Array.from({ length: Math.min((schema.maxItems ?? 100) + 1, 2_000) }, () => 'x');
  return undefined;
};

/** Each field of the wrong type: numbers for strings, strings for numbers, objects for arrays. */
const wrongLeaf: Leaf = (_schema, kind) => {
  if (kind === 'string') return 1e20;
  if (kind === 'number' || kind === 'integer') return '1e400';
  if (kind === 'boolean') return 'true';
  if (kind === 'array') return { 0: 'x', length: 1 };
  if (kind === 'object') return ['x'];
  return [[{}]];
};

/** Negative and fractional numbers, empty strings and arrays. */
const negativeLeaf: Leaf = (_schema, kind) => {
  if (kind === 'string' || kind === 'unknown') return '';
  if (kind === 'integer') return -1.5;
  if (kind === 'number') return -1e-300;
  if (kind === 'boolean') return null;
  if (kind === 'array') return [];
  return undefined;
};

/** At most this many fields of one body get a NUL of their own. */
const STRING_FIELDS_MAX = 16;

/** The paths of every string in a value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A copy of the value with the leaf at the path replaced. */
function replaceAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, leaf) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, leaf) };
}

type Payload = { contentType: string | undefined; payload: string | Buffer };

const json = (value: unknown): Payload => ({
  contentType: 'application/json',
  payload: JSON.stringify(value),
});

const OVERSIZE_BODY = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
const DEEP_BODY = `${'{"a":['.repeat(3_000)}1${']}'.repeat(3_000)}`;

/** The body cases of one operation, by name. */
export function bodyCases(operation: FuzzOperation): Record<string, Payload> {
  const schema = operation.bodySchema;
  const cases: Record<string, Payload> = {
    malformed: { contentType: 'application/json', payload: '{"a": "\u0000", ' },
    oversize: { contentType: 'application/json', payload: OVERSIZE_BODY },
    deep: { contentType: 'application/json', payload: DEEP_BODY },
    'raw NUL bytes': { contentType: 'application/json', payload: Buffer.from('{"a\u0000":"\u0000"}') },
    'json null': { contentType: 'application/json', payload: 'null' },
    'json array': json([{ a: '\u0000' }]),
    'json infinite number': { contentType: 'application/json', payload: '1e400' },
    'prototype keys': {
      contentType: 'application/json',
      payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}},"a\\u0000":"b"}',
    },
    'text/plain': { contentType: 'text/plain', payload: 'a\u0000b' },
    'form urlencoded': { contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&b=1' },
    'multipart without boundary': { contentType: 'multipart/form-data', payload: 'a\u0000' },
    'json in utf-16': { contentType: 'application/json; charset=utf-16', payload: '{}' },
    'no content type': { contentType: undefined, payload: '{"a":1}' },
  };
  if (schema) {
    cases['NUL in every string'] = json(shaped(schema, nulLeaf));
    // One field at a time, the others plausible, so that no other field's check hides this one's.
    const plausible = shaped(schema, plausibleLeaf);
    for (const path of stringPaths(plausible).slice(0, STRING_FIELDS_MAX)) {
      cases[`NUL in ${path.join('.')}`] = json(replaceAt(plausible, path, 'a\u0000'));
    }
    cases.plausible = json(shaped(schema, plausibleLeaf));
    cases['oversize values'] = json(shaped(schema, oversizeLeaf));
    cases['wrong types'] = json(shaped(schema, wrongLeaf));
    cases['negative and empty values'] = json(shaped(schema, negativeLeaf));
  }
  if (operation.takesMultipart) {
    const boundary = 'fuzzboundary';
    const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
    cases['multipart with NUL fields'] = {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload:
        part('Content-Disposition: form-data; name="reference"', 'a\u0000b') +
        part('Content-Disposition: form-data; name="amount"', '1e400') +
        part(
          'Content-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png',
          'not an image',
        ) +
        `--${boundary}--\r\n`,
    };
    cases['multipart truncated'] = {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: part('Content-Disposition: form-data; name="file"; filename="a.png"', '\u0000'),
    };
  }
  return cases;
}

/** Valid-looking path parameter values, then odd ones. */
export const PATH_VALUES = [
  '0190f1c2-7a3b-7c4d-8e5f-0123456789ab',
  '%00',
  'a%00b',
  '%01%1F',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%99%82',
  '99999999999999999999999',
];

function fillPath(operation: FuzzOperation, value: string): string {
  return operation.path.replace(/\{[^}]+\}/g, value);
}

const COMMON_QUERY = new Set(['merchant', 'merchantCode', 'language', 'lang']);

/** The query cases of one operation: its declared parameters NUL-bearing, oversize, repeated. */
export function queryCases(operation: FuzzOperation): Record<string, string> {
  const names = operation.parameters.filter((parameter) => parameter.in === 'query');
  const build = (value: (parameter: Parameter) => string) =>
    names.map((parameter) => `${encodeURIComponent(parameter.name)}=${value(parameter)}`).join('&');
  const cases: Record<string, string> = { 'NUL in an unknown parameter': 'q=%00&search=a%00' };
  if (names.length > 0) {
    cases['NUL in every parameter'] = build(() => 'a%00%07');
    // One parameter at a time, the others plausible, so that no other check hides this one's; the
    // merchant and language parameters every player call takes count as one.
    const plausible = (parameter: Parameter) =>
      encodeURIComponent(
        String(plausibleLeaf(parameter.schema ?? {}, kindOf(parameter.schema ?? {})) ?? '1'),
      );
    const groups = new Map<string, Parameter[]>();
    for (const parameter of names) {
      const group = COMMON_QUERY.has(parameter.name) ? 'merchant and language' : parameter.name;
      groups.set(group, [...(groups.get(group) ?? []), parameter]);
    }
    for (const [group, members] of groups) {
      cases[`NUL in ${group}`] = build((parameter) =>
        members.includes(parameter) ? 'a%00' : plausible(parameter),
      );
    }
    cases['plausible parameters'] = build(plausible);
    cases['oversize parameters'] = build((parameter) =>
      kindOf(parameter.schema ?? {}) === 'string' ? 'x'.repeat(2_000) : '99999999999999999999999',
    );
    cases['wrong-typed parameters'] = build((parameter) =>
      kindOf(parameter.schema ?? {}) === 'string' ? '1e400' : 'abc%00',
    );
    cases['repeated parameters'] = `${build(() => '1')}&${build(() => '%00')}`;
    cases['broken dates'] = build(() => '2026-13-45T99%3A99%3A99Z');
  }
  return cases;
}

export type Caller = {
  name: string;
  /** Headers that make a request this caller's; asked for anew before each request. */
  headers(): Promise<Record<string, string>>;
  /** Whether a plain body answered ENCRYPTION_REQUIRED is sealed and sent again. */
  seal?: { kid: string; jwk: Parameters<typeof sealPayload>[1]['jwk'] };
};

export type ServerFailure = {
  caller: string;
  method: string;
  url: string;
  case: string;
  status: number;
  body: string;
};

/** One line per failure, readable in a test's diff. */
export function describeFailure(failure: ServerFailure): string {
  return `${failure.caller} ${failure.method} ${failure.url} [${failure.case}] ${failure.status} ${failure.body}`;
}

/** Odd but deliverable headers (real HTTP refuses control characters in header values). */
const ODD_HEADERS: Record<string, string> = {
  'user-agent': 'x'.repeat(8_000),
  'accept-language': '*;q=abc, zz-ZZZZ;q=1e400',
  'x-forwarded-for': 'not-an-address, ::zz',
  'x-device-id': 'x'.repeat(2_000),
  cookie: 'captchaId=%00; captchaId=a%00b',
  'x-game-token': '%00',
  'x-timestamp': '99999999999999999999',
  'x-signature': 'zz',
};

let addressCounter = 0;
/** A new source address per request, so that per-address throttles do not hide the handlers. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Sends every case to one operation as one caller and answers the replies of 500 and above.
 */
export async function fuzzOperation(
  app: FastifyInstance,
  operation: FuzzOperation,
  caller: Caller,
): Promise<ServerFailure[]> {
  const failures: ServerFailure[] = [];
  const hasPathParameters = operation.path.includes('{');
  const send = async (
    caseName: string,
    url: string,
    body?: Payload,
    extraHeaders: Record<string, string> = {},
  ) => {
    const headers: Record<string, string> = { ...(await caller.headers()), ...extraHeaders };
    if (body?.contentType) headers['content-type'] = body.contentType;
    const options: InjectOptions = {
      method: operation.method,
      url,
      headers,
      remoteAddress: nextAddress(),
      ...(body === undefined ? {} : { payload: body.payload }),
    };
    let response = await app.inject(options);
    if (caller.seal && body?.contentType === 'application/json' && response.statusCode === 400) {
      const code = (response.json() as { code?: string }).code;
      if (code === 'ENCRYPTION_REQUIRED') {
        const sealed = await trySeal(body.payload, caller.seal);
        if (sealed !== undefined) {
          response = await app.inject({
            ...options,
            headers: { ...headers, ...(await caller.headers()) },
            payload: sealed,
          });
        }
      }
    }
    if (response.statusCode >= 500) {
      failures.push({
        caller: caller.name,
        method: operation.method,
        url: url.slice(0, 200),
        case: caseName,
        status: response.statusCode,
        body: response.body.slice(0, 300),
      });
    }
  };

  const url = fillPath(operation, PATH_VALUES[0] as string);
  const requests: Promise<void>[] = [];
  if (operation.method !== 'GET') {
    for (const [caseName, body] of Object.entries(bodyCases(operation))) {
      requests.push(send(`body: ${caseName}`, url, body));
    }
  }
  for (const [caseName, query] of Object.entries(queryCases(operation))) {
    const body = operation.bodySchema ? json(shaped(operation.bodySchema, plausibleLeaf)) : undefined;
    requests.push(
      send(`query: ${caseName}`, `${url}?${query}`, operation.method === 'GET' ? undefined : body),
    );
  }
  if (hasPathParameters) {
    for (const value of PATH_VALUES.slice(1)) {
      const body = operation.bodySchema ? json(shaped(operation.bodySchema, plausibleLeaf)) : undefined;
      requests.push(
        send(`path: ${value}`, fillPath(operation, value), operation.method === 'GET' ? undefined : body),
      );
    }
  }
  requests.push(send('odd headers', url, operation.method === 'GET' ? undefined : json({}), ODD_HEADERS));
  await Promise.all(requests);
  return failures;
}

/** The payload sealed, or undefined when it is no JSON that a client could seal (too deep, broken). */
async function trySeal(
  payload: string | Buffer,
  key: NonNullable<Caller['seal']>,
): Promise<string | undefined> {
  try {
    return JSON.stringify(await sealPayload(JSON.parse(payload.toString()), key));
  } catch {
    return undefined;
  }
}
