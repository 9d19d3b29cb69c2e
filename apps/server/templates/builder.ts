/**
 * What the built-in templates' recipes (recipes/*.ts) make their apps with: a Builder that calls
 * the real API (tables, fields, forms, views, flows, dashboards, roles, sample records) and small
 * helpers for flow nodes, options, filters and dashboard widgets.
 */
import type { TestClient } from '../test/harness.js';

export type Json = Record<string, unknown>;

export async function ok(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

const comment = {
  approve: { enableComment: true, required: false },
  reject: { enableComment: true, required: true },
};
export const task = (
  id: string,
  type: 'approve' | 'fill',
  name: string,
  participants: Json[],
  next?: string,
  fieldRules: Json = {},
) => ({
  id,
  type,
  name,
  ...(next ? { next } : {}),
  settings: {
    participants,
    mode: 'any',
    whenEmpty: 'appOwner',
    fieldRules,
    comment,
    actions: ['revert', 'transfer', 'addSigner', 'cc', 'comment'],
    closeRevert: false,
    closeTerminate: false,
    ...(type === 'approve' ? { rejectTo: 'end' } : {}),
  },
});
export const start = (next: string) => ({
  id: 'start',
  type: 'start',
  name: '发起',
  next,
  settings: { fieldRules: {} },
});
export const manager = [{ kind: 'manager', level: 1 }];
export const owners = [{ kind: 'roles', roles: ['owner'] }];
export const managers = [{ kind: 'roles', roles: ['owner', 'manager'] }];
export const options = (...labels: string[]) => ({
  options: labels.map((label, i) => ({
    id: `o${i + 1}`,
    label,
    color: ['blue', 'green', 'orange', 'red', 'purple', 'cyan'][i % 6],
  })),
});
export const filter = (field: string, operator: string, value: unknown) => ({
  op: 'and',
  conditions: [{ field, operator, value }],
});

/** One app being built: its tables by name and their fields by name. */
export class Builder {
  appCode = '';
  readonly tables = new Map<string, { code: string; base: string; fields: Map<string, string> }>();
  constructor(readonly c: TestClient) {}

  async app(displayName: string, icon: string, color: number, description: string) {
    // Everyone in the installing team holds 成员, so the app is usable as installed.
    this.appCode = (await ok(this.c, 'POST', '/v1/apps', { displayName, icon, color, grantEveryone: true })).code;
    await ok(this.c, 'PUT', `/v1/apps/${this.appCode}/description`, { description: `<p>${description}</p>` });
  }
  node(type: string, displayName: string): Promise<string> {
    return ok(this.c, 'POST', `/v1/apps/${this.appCode}/nodes`, { type, displayName }).then((d) => d.code);
  }
  async table(name: string, fields: [string, string, Json?, Json?][]) {
    const code = await this.node('Schema', name);
    const base = `/v1/apps/${this.appCode}/schemas/${code}`;
    const t = { code, base, fields: new Map<string, string>() };
    this.tables.set(name, t);
    for (const [fieldName, type, settings, extra] of fields) {
      const settingsOf = typeof settings === 'function' ? undefined : settings;
      const data = await ok(this.c, 'POST', `${base}/fields`, {
        name: fieldName,
        type,
        ...(settingsOf ? { settings: this.resolve(settingsOf) } : {}),
        ...(extra ?? {}),
      });
      t.fields.set(fieldName, data.code);
    }
    await ok(this.c, 'PUT', base, { titleFieldCode: t.fields.get(fields[0]?.[0] ?? '') });
    return t;
  }
  /** `@表.字段` and `#表` in settings name other tables' fields and tables. */
  private resolve(settings: Json): Json {
    const text = JSON.stringify(settings).replace(/"([@#])([^".]+)(?:\.([^"]+))?"/g, (_m, kind, table, field) => {
      const t = this.tables.get(table);
      if (!t) throw new Error(`no table ${table}`);
      return JSON.stringify(kind === '#' ? t.code : t.fields.get(field));
    });
    return JSON.parse(text) as Json;
  }
  /** A table's code. */
  code(table: string): string {
    const code = this.tables.get(table)?.code;
    if (!code) throw new Error(`no table ${table}`);
    return code;
  }
  /**
   * An app role beside 管理员 and 成员 (issue 27), with its rights per table (tables not named: none).
   * Granted to no one: the installing team chooses who holds it.
   */
  async role(name: string, description: string, rights: Record<string, { actions: string[]; rows?: Json }>) {
    const role = await ok(this.c, 'POST', `/v1/apps/${this.appCode}/roles`, { name, description });
    for (const [table, r] of Object.entries(rights))
      await ok(this.c, 'PUT', `/v1/apps/${this.appCode}/roles/${role.key}/tables/${this.code(table)}`, {
        rights: { actions: r.actions, fields: {}, newFields: 'editable', rows: r.rows ?? { scope: 'all' } },
      });
  }
  f(table: string, field: string): string {
    const code = this.tables.get(table)?.fields.get(field);
    if (!code) throw new Error(`no field ${table}.${field}`);
    return code;
  }
  async form(table: string, sections: [string, string[]][]) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'PUT', `${t.base}/form`, {
      columns: 2,
      sections: sections.map(([title, names], i) => ({
        id: `s${i + 1}`,
        title,
        fields: names.map((n) => ({
          code: this.f(table, n),
          hidden: false,
          readOnly: false,
          helpText: '',
          wide: /说明|原因|描述|明细|备注|内容|结果/.test(n),
        })),
      })),
    });
  }
  async view(table: string, name: string, kind: string, config: Json = {}) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'POST', `${t.base}/views`, {
      name,
      kind,
      config: { columns: [], sorts: [], rowHeight: 'short', pageSize: 50, ...config },
    });
  }
  async flow(table: string, name: string, nodes: Json[]) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'PUT', `${t.base}/workflow`, { definition: { nodes }, name });
    await ok(this.c, 'POST', `${t.base}/workflow/publish`);
  }
  async dashboard(name: string, widgets: Json[]) {
    const code = await this.node('Dashboard', name);
    await ok(this.c, 'PUT', `/v1/apps/${this.appCode}/dashboards/${code}`, { widgets });
    return code;
  }
  async records(table: string, rows: Json[]): Promise<string[]> {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    const ids: string[] = [];
    for (const row of rows) {
      const data: Json = {};
      for (const [k, v] of Object.entries(row)) data[this.f(table, k)] = v;
      ids.push((await ok(this.c, 'POST', `${t.base}/records`, { data })).id);
    }
    return ids;
  }
}

export const widget = (id: string, kind: string, title: string, query: Json, place: Json) => ({
  id,
  kind,
  title,
  query,
  place,
});

export type Recipe = (b: Builder) => Promise<void>;

export const COUNT = { aggregate: 'count' };
export const sum = (field: string) => ({ aggregate: 'sum', field });
/** A figure in the dashboard's top row (4 of 12 columns wide, at column x). */
export const figure = (id: string, title: string, schemaCode: string, measure: Json, x: number) =>
  widget(id, 'number', title, { schemaCode, measures: [measure] }, { x, y: 0, w: 4, h: 3 });
/** A chart below the figures, grouped by one field (a date field: by month). */
export const chart = (
  id: string,
  kind: 'bar' | 'pie' | 'line' | 'funnel',
  title: string,
  schemaCode: string,
  dimension: string,
  measure: Json,
  place: { x: number; w: number },
) =>
  widget(
    id,
    kind,
    title,
    {
      schemaCode,
      dimension: kind === 'line' ? { field: dimension, granularity: 'month' } : { field: dimension },
      measures: [measure],
    },
    { x: place.x, y: 3, w: place.w, h: 5 },
  );
