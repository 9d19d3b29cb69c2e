import type { Language } from '@canopy/contract';
import {
  AccountEndpoints,
  AppEndpoints,
  EngineEndpoints,
  type FieldInfo,
  RecordEndpoints,
  SchemaEndpoints,
  ShortcutEndpoints,
  ViewEndpoints,
  type ViewInfo,
  WorkflowEndpoints,
} from '@canopy/contract';
import { adminModeStore } from '../../features/apps/hooks/admin-mode-store';
import type { TableAccess } from '../../features/tables/views/view-env';
import { initialLanguage } from '../i18n/start-language';
import { readTeamSelection } from '../storage/team-selection';
import { headersFor } from './request-headers';

/**
 * Requests the first page is sure to make, sent by the entry before React, antd and the page's code
 * have loaded (they take seconds on a slow device; bench/README.md "The records grid"). The API
 * client (client.ts `call`) uses such a response once, and only when it makes the very same request:
 * method, URL, every header (team, app, admin mode, language) and body. Anything else, or a request
 * made later than `KEEP_MS` after the page started, goes to the server as usual. Only reads are sent
 * early; their answers, errors and 401s included, are handled by the client as if it had sent them.
 */
interface Early {
  headers: string;
  response: Promise<Response>;
}

const pending = new Map<string, Early>();
/** Requests the client has already made itself, in the first `KEEP_MS`. */
const asked = new Set<string>();
/** Past this the page has had its answers or is doing something else: early answers are not used. */
const KEEP_MS = 30_000;
const startedAt = Date.now();

const keyOf = (method: string, url: string, body: string | null) => `${method} ${url}\n${body ?? ''}`;
const headerText = (headers: Record<string, string>) =>
  JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1)));

export function fireEarly(method: string, url: string, headers: Record<string, string>, body: string | null = null) {
  const key = keyOf(method, url, body);
  if (pending.has(key) || asked.has(key)) return;
  const response = fetch(url, { method, credentials: 'same-origin', headers, body });
  // Nobody may come for it (another page, another team): an unused failure is not an unhandled one.
  response.catch(() => undefined);
  pending.set(key, { headers: headerText(headers), response });
}

/** The early response for this exact request, once; undefined when there is none (or it differs). */
export function takeEarly(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | null,
): Promise<Response> | undefined {
  const key = keyOf(method, url, body);
  const early = pending.get(key);
  if (!early) {
    // The page got there first (an early request waiting on others' answers): it is not sent twice.
    if (Date.now() - startedAt <= KEEP_MS) asked.add(key);
    return undefined;
  }
  pending.delete(key);
  if (Date.now() - startedAt > KEEP_MS || early.headers !== headerText(headers)) return undefined;
  return early.response;
}

/** The early answer's JSON for the entry's own use (the next request depends on it), leaving the response to the client. */
export function peekEarlyJson(method: string, url: string): Promise<unknown> | undefined {
  const early = pending.get(keyOf(method, url, null));
  return early?.response.then((r) => (r.ok ? r.clone().json() : undefined)).catch(() => undefined);
}

export const HOME_PATH = '/home';

const path = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (whole, name: string) =>
    params[name] === undefined ? whole : encodeURIComponent(params[name]),
  );

/** `/app/:appCode[/:schemaCode[/:viewCode]]` (shell/app/router.tsx), decoded as react-router does. */
export function tableRoute(pathname: string): { appCode: string; schemaCode?: string; viewCode?: string } | null {
  const m = /^\/app\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  try {
    const [appCode, schemaCode, viewCode] = [m[1], m[2], m[3]].map((s) =>
      s === undefined ? s : decodeURIComponent(s),
    );
    return appCode ? { appCode, schemaCode, viewCode } : null;
  } catch {
    return null;
  }
}

/**
 * Sends what the page at `location` will ask first, when a member is signed in on this browser (a
 * team is remembered; the session cookie itself is not readable): the session's user, teams and
 * features; on /home the app list and shortcuts; on an app's route the access check, the app and its menu; on a table's
 * (once the menu says it is one), its design, rights, form, views and flow. The team comes from storage as the client's headers do; a team the
 * start-up then changes (a link's engineCode, a team left) makes different headers, so those
 * answers go unused.
 */
export function startEarlyRequests(location: Location = window.location): void {
  const team = readTeamSelection();
  if (!team.engineCode || !team.memberId) return;
  // A link naming another team: the start-up will switch to it, so nothing early would match.
  const urlTeam = new URLSearchParams(location.search).get('engineCode');
  if (urlTeam && urlTeam !== team.engineCode) return;
  const language = initialLanguage();
  const get = (template: string, params: Record<string, string>, tenant: boolean, app: string | null, admin = false) =>
    fireEarly('GET', path(template, params), headersFor(language, tenant, false, app, admin));

  const route = tableRoute(location.pathname);
  const home = location.pathname === HOME_PATH;
  if (!route && !home) return;
  get(AccountEndpoints.basic.path, {}, false, null);
  get(EngineEndpoints.latest.path, {}, false, null);
  if (!route) {
    get(EngineEndpoints.features.path, {}, true, null);
    // The workbench: its app list and shortcuts (its largest paint is the app cards).
    get(AppEndpoints.list.path, {}, true, null);
    get(ShortcutEndpoints.list.path, {}, true, null);
    return;
  }
  const { appCode, schemaCode } = route;
  // Admin mode is on only for team managers, which the team list tells later; the stored choice is
  // what the page will use for one.
  const admin = adminModeStore.isOn(team.memberId, appCode);
  // The team's features are asked for as the app page mounts, so with the app's headers.
  for (const endpoint of [
    EngineEndpoints.features,
    AppEndpoints.accessCheck,
    AppEndpoints.get,
    AppEndpoints.permission,
    AppEndpoints.nodes,
  ])
    get(endpoint.path, { appCode }, true, appCode, admin);
  if (!schemaCode) return;
  void tableReads(appCode, schemaCode, route.viewCode, language, admin);
}

/** Whether the menu (the spec's node tree) has this code as a data table: a dashboard or page has no table reads. */
function isTable(nodes: unknown, code: string): boolean {
  if (!Array.isArray(nodes)) return false;
  return nodes.some(
    (n: { code?: unknown; type?: unknown; children?: unknown }) =>
      (n.code === code && n.type === 'Schema') || isTable(n.children, code),
  );
}

/**
 * A table's reads, once the early menu says the address is a table: the same address may be a
 * dashboard or a custom page, for which they would only answer 404. The menu answers in one round
 * trip, long before the page's code has arrived.
 */
async function tableReads(
  appCode: string,
  schemaCode: string,
  viewCode: string | undefined,
  language: Language,
  admin: boolean,
): Promise<void> {
  const menu = await peekEarlyJson('GET', path(AppEndpoints.nodes.path, { appCode }));
  if (!isTable((menu as { data?: unknown } | undefined)?.data, schemaCode)) return;
  const p = { appCode, schemaCode };
  const reads = [
    SchemaEndpoints.get,
    SchemaEndpoints.access,
    SchemaEndpoints.form,
    ViewEndpoints.list,
    WorkflowEndpoints.startContext,
  ].map((endpoint) => path(endpoint.path, p));
  for (const url of reads) fireEarly('GET', url, headersFor(language, true, false, appCode, admin));
  await firstRecordsPage(path(RecordEndpoints.query.path, p), reads, viewCode, () =>
    headersFor(language, true, true, appCode, admin),
  );
}

/**
 * The grid's first page, once the table's design, rights, views and flow are in and the user is known
 * to be signed in (the records query is the one heavy read: never sent for a 401). Its body is
 * worked out by the page's own code (first-page.ts, fetched alongside the page's chunks).
 */
async function firstRecordsPage(
  url: string,
  [schemaUrl, accessUrl, , viewsUrl, flowUrl]: string[],
  viewCode: string | undefined,
  headers: () => Record<string, string>,
): Promise<void> {
  const wanted = [AccountEndpoints.basic.path, schemaUrl, accessUrl, viewsUrl, flowUrl].map((u) =>
    peekEarlyJson('GET', u ?? ''),
  );
  const [module, user, schema, access, views, flow] = await Promise.all([
    import('../../features/tables/views/first-page'),
    ...wanted,
  ]).catch(() => []);
  // Each answer is the API's `{ data }` envelope; a missing one (an error, a 401) means no early page.
  const data = <T>(json: unknown) => (json as { data?: T } | undefined)?.data;
  const fields = data<{ fields?: FieldInfo[] }>(schema)?.fields;
  const rights = data<TableAccess>(access);
  const list = data<ViewInfo[]>(views);
  if (!module || !data(user) || !fields || !rights || !Array.isArray(list)) return;
  try {
    const published = data<{ published?: boolean }>(flow)?.published === true;
    const body = module.firstGridBody(fields, rights, list, viewCode, published);
    if (body) fireEarly('POST', url, headers(), JSON.stringify(body));
  } catch {
    // An answer of an unexpected shape: the page asks for its records itself.
  }
}
