/** The parts of an OpenAPI 3.1 document this kit reads; everything else passes through untouched. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** An OpenAPI Path Item: operations keyed by HTTP method. */
export type PathItem = Partial<Record<HttpMethod, Operation>> & Record<string, unknown>;

/** HTTP methods an OpenAPI Path Item may hold. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** An example object: `value` is the example itself. */
export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  $ref?: string;
}

/** A media type entry of a request body or response. */
export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

/** A response or request body: its content by media type. */
export interface ContentHolder {
  description?: string;
  content?: Record<string, MediaTypeObject>;
  $ref?: string;
}

/** An OpenAPI Operation object. */
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  requestBody?: ContentHolder;
  responses?: Record<string, ContentHolder>;
  [key: string]: unknown;
}

/** A JSON Schema (draft 2020-12) node, as OpenAPI 3.1 uses them. */
export type JsonSchema = Record<string, unknown> | boolean;
