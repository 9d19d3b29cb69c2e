import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One endpoint: its path, schemas and whether it needs a session. Server and web share these. */
export type EndpointAuth = 'none' | 'session' | 'optional';

export interface Endpoint<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The OpenAPI operationId (otherwise derived from the method and path). */
  operationId?: string;
  /**
   * Whether an API token may call it: 'read' (read-only tokens too) or 'write' (read-write tokens).
   * Without it only a session may.
   */
  token?: 'read' | 'write';
  /** A larger body than the default limit (bytes). */
  bodyLimit?: number;
}

export function endpoint<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
  A extends EndpointAuth = EndpointAuth,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

export type ResponseOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer R, infer _A> ? Static<R> : never;
export type BodyOf<E> =
  E extends Endpoint<infer _P, infer _Q, infer B, infer _R, infer _A>
    ? B extends TSchema
      ? Static<B>
      : undefined
    : never;
export type QueryOf<E> =
  E extends Endpoint<infer _P, infer Q, infer _B, infer _R, infer _A>
    ? Q extends TSchema
      ? Static<Q>
      : undefined
    : never;
export type ParamsOf<E> =
  E extends Endpoint<infer P, infer _Q, infer _B, infer _R, infer _A>
    ? P extends TSchema
      ? Static<P>
      : undefined
    : never;

/** Endpoints of one tag that need a session: method, path, summary, response and optional params/body. */
export function sessionEndpoints(tag: string) {
  return <
    P extends TSchema | undefined = undefined,
    B extends TSchema | undefined = undefined,
    R extends TSchema = TSchema,
  >(
    method: HttpMethod,
    path: string,
    summary: string,
    response: R,
    extra: { params?: P; body?: B } = {},
  ) =>
    endpoint({ method, path, summary, tags: [tag], auth: 'session', response, ...extra } as Endpoint<
      P,
      undefined,
      B,
      R,
      'session'
    >);
}

/** The address of one data table; its fields, records, views, imports and exports live under it. */
export const schemaPath = '/v1/apps/:appCode/schemas/:schemaCode';
