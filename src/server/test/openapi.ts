import type { App } from '../app';

// The API as its OpenAPI document describes it, for the tests that walk every operation (the
// text rule, the fuzzer): nothing is named by hand, so a route added later is covered too.

export type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};
export type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  /** What the operation may answer, by status ('200', '404'...). */
  responses?: Record<string, unknown>;
};

export interface DocumentedOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: `/api/events/{id}`. */
  path: string;
  op: Operation;
  /** Open to visitors (its security list is empty). */
  isPublic: boolean;
  pathParams: string[];
  queryParams: Parameter[];
  jsonBody: Schema | null;
  /** An upload route (multipart field "file"). */
  multipart: boolean;
}

/** Every /api operation the document lists; with `beyondApi`, the feeds at the root too
 * (`/calendar/{token}.ics`, `/sitemap.xml`). */
export async function documentedOperations(
  app: App,
  { beyondApi = false }: { beyondApi?: boolean } = {},
): Promise<DocumentedOperation[]> {
  const doc = (await app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
  const list: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!beyondApi && !path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      list.push({
        method: method.toUpperCase() as DocumentedOperation['method'],
        path,
        op,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query'),
        jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: !!op.requestBody?.content['multipart/form-data'],
      });
    }
  }
  return list;
}

export type FieldPath = (string | number)[];

export const A_UUID = '00000000-0000-4000-8000-000000000000';

const PLAIN: Record<string, string> = {
  email: 'probe@example.com',
  uuid: A_UUID,
  uri: 'https://example.com',
  'date-time': '2030-01-01T00:00:00.000Z',
};

/** A value `schema` takes, with `put(path)` deciding the string at `target` (or at every string
 * when `target` is 'all'); also lists the paths of its strings in `leaves`. */
export function sample(
  schema: Schema,
  options: { target?: FieldPath | 'all' | null; put?: (schema: Schema) => string; leaves?: FieldPath[] } = {},
  path: FieldPath = [],
): unknown {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return sample(variants.find((v) => v.type !== 'null') ?? variants[0]!, options, path);
  const { target = null, put, leaves } = options;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.const !== undefined) return schema.const;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, options, [...path, key])]),
    );
  }
  if (type === 'array') return [sample(schema.items ?? { type: 'string' }, options, [...path, 0])];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  leaves?.push(path);
  const here = target === 'all' || (target !== null && target.join('.') === path.join('.'));
  if (here && put) return put(schema);
  // Otherwise a value its schema takes, so what the caller put is the one thing wrong.
  if (typeof schema.enum?.[0] === 'string') return schema.enum[0];
  return PLAIN[schema.format ?? ''] ?? 'plain.example.com';
}

/** Each variant of a body schema (anyOf: one skill by id, or a new one by name). */
export const bodyVariants = (schema: Schema): Schema[] => schema.anyOf ?? schema.oneOf ?? [schema];
