import { type BodyOf, type Endpoint, Headers, type ParamsOf, type QueryOf, type ResponseOf } from '@canopy/contract';
import { currentLanguage } from '../i18n/i18n';
import { ApiError, asErrorEnvelope } from './api-error';
import { notifyServerChange } from './changes';
import { takeEarly } from './early-requests';
import { type ErrorMode, runErrorCatalogue } from './error-catalogue';
import { requestContext } from './request-context';
import { headersFor } from './request-headers';

export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** How much of the error catalogue runs (see ErrorMode). */
  errors?: ErrorMode;
  /**
   * Send the stored team headers (default true). The start-up calls that *choose* the team (basic
   * user, team list) leave them out: a team remembered from another account would otherwise be
   * refused (403) before the right one can be picked.
   */
  tenant?: boolean;
  signal?: AbortSignal;
}

export function buildPath(path: string, params: unknown): string {
  if (!params || typeof params !== 'object') return path;
  const values = params as Record<string, unknown>;
  return path.replace(/\{(\w+)\}|:(\w+)/g, (whole, braced: string | undefined, colon: string | undefined) => {
    const value = values[braced ?? colon ?? ''];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

function buildQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The spec §7 headers every request carries. */
export function requestHeaders(withTenant: boolean, hasBody: boolean): Record<string, string> {
  return headersFor(currentLanguage(), withTenant, hasBody, requestContext.appCode(), requestContext.adminMode());
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the server: typed by the contract's endpoint descriptor, sends
 * the session cookie and the spec's headers, unwraps `{ data }`, and runs the error catalogue
 * before rejecting with an ApiError (callers may still catch it, e.g. to stop a spinner).
 */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const { params, query, body, errors = 'global', tenant = true, signal } = options;
  const url = `${buildPath(endpoint.path, params)}${buildQuery(query)}`;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    const headers = requestHeaders(tenant, hasBody);
    const text = hasBody ? JSON.stringify(body) : null;
    const send = () =>
      fetch(url, { method: endpoint.method, credentials: 'same-origin', headers, body: text, signal: signal ?? null });
    // The same request fired by the entry while the app's code loaded (early-requests.ts) is used
    // once, if its headers and body are this one's; if it failed to arrive, it is sent now.
    const early = takeEarly(endpoint.method, url, headers, text);
    response = await (early ? early.catch(send) : send());
  } catch (cause) {
    // An abort is the caller's own doing: no catalogue, just pass it on.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError({ kind: 'network', status: 0, path: endpoint.path });
    runErrorCatalogue(error, errors);
    throw error;
  }

  const traceId = response.headers.get(Headers.traceId) ?? undefined;
  const json = await readJson(response);
  if (response.ok && json && typeof json === 'object' && 'data' in json) {
    if (endpoint.method !== 'GET') notifyServerChange(endpoint.path);
    return (json as { data: ResponseOf<E> }).data;
  }
  const error = new ApiError({
    kind: 'http',
    status: response.status,
    path: endpoint.path,
    envelope: asErrorEnvelope(json),
    traceId,
  });
  runErrorCatalogue(error, errors);
  throw error;
}
