import {
  type BodyOf,
  type FormLayout,
  RecordEndpoints,
  type RecordQueryBody,
  SchemaEndpoints,
  type ViewConfig,
  ViewEndpoints,
} from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Query keys of one data table; everything of it sits under `table(engine, app, schema)`. */
export const tableKeys = {
  table: (e: string, a: string, s: string) => ['tables', e, a, s] as const,
  schema: (e: string, a: string, s: string) => ['tables', e, a, s, 'schema'] as const,
  access: (e: string, a: string, s: string) => ['tables', e, a, s, 'access'] as const,
  form: (e: string, a: string, s: string) => ['tables', e, a, s, 'form'] as const,
  records: (e: string, a: string, s: string) => ['tables', e, a, s, 'records'] as const,
  record: (e: string, a: string, s: string, id: string) => ['tables', e, a, s, 'record', id] as const,
  history: (e: string, a: string, s: string, id: string) => ['tables', e, a, s, 'history', id] as const,
  views: (e: string, a: string, s: string) => ['tables', e, a, s, 'views'] as const,
  /** Pages of records as a view asks for them; under `records` so saving a record refreshes them. */
  viewRecords: (e: string, a: string, s: string) => ['tables', e, a, s, 'records', 'view'] as const,
  count: (e: string, a: string, s: string) => ['tables', e, a, s, 'records', 'count'] as const,
  /** A kanban's columns (the values of its grouping field); under `records` so writes refresh them. */
  groups: (e: string, a: string, s: string) => ['tables', e, a, s, 'records', 'groups'] as const,
};

/** What creating or changing a view sends. */
export interface SaveView {
  name: string;
  kind: 'grid' | 'kanban' | 'calendar' | 'gallery';
  personal?: boolean;
  config?: ViewConfig;
}

/** Callers show their own errors (inline, under fields, or the spec's fixed texts). */
const inline = { errors: 'inline' } as const;
type P = { appCode: string; schemaCode: string };

export const tablesApi = {
  schema: (p: P) => call(SchemaEndpoints.get, { params: p, ...inline }),
  access: (p: P) => call(SchemaEndpoints.access, { params: p, ...inline }),
  update: (p: P, body: BodyOf<typeof SchemaEndpoints.update>) =>
    call(SchemaEndpoints.update, { params: p, body, ...inline }),
  orderFields: (p: P, codes: string[]) => call(SchemaEndpoints.orderFields, { params: p, body: { codes }, ...inline }),
  addField: (p: P, body: BodyOf<typeof SchemaEndpoints.addField>) =>
    call(SchemaEndpoints.addField, { params: p, body, ...inline }),
  updateField: (p: P, fieldCode: string, body: BodyOf<typeof SchemaEndpoints.updateField>) =>
    call(SchemaEndpoints.updateField, { params: { ...p, fieldCode }, body, ...inline }),
  changeType: (p: P, fieldCode: string, body: BodyOf<typeof SchemaEndpoints.changeFieldType>) =>
    call(SchemaEndpoints.changeFieldType, { params: { ...p, fieldCode }, body, ...inline }),
  removeField: (p: P, fieldCode: string, force = false) =>
    call(SchemaEndpoints.removeField, {
      params: { ...p, fieldCode },
      query: force ? { force: true } : {},
      ...inline,
    }),
  restoreField: (p: P, fieldCode: string) =>
    call(SchemaEndpoints.restoreField, { params: { ...p, fieldCode }, ...inline }),
  formulaJobs: (p: P) => call(SchemaEndpoints.formulaJobs, { params: p, ...inline }),
  form: (p: P) => call(SchemaEndpoints.form, { params: p, ...inline }),
  saveForm: (p: P, body: FormLayout) => call(SchemaEndpoints.saveForm, { params: p, body, ...inline }),
  records: (p: P, cursor?: string) =>
    call(RecordEndpoints.list, { params: p, query: { limit: 50, ...(cursor ? { cursor } : {}) }, ...inline }),
  record: (p: P, id: string) => call(RecordEndpoints.get, { params: { ...p, id }, ...inline }),
  create: (p: P, data: Record<string, unknown>) =>
    call(RecordEndpoints.create, { params: p, body: { data }, ...inline }),
  updateRecord: (p: P, id: string, version: number, data: Record<string, unknown>) =>
    call(RecordEndpoints.update, { params: { ...p, id }, body: { version, data }, ...inline }),
  removeRecord: (p: P, id: string, version: number) =>
    call(RecordEndpoints.remove, { params: { ...p, id }, query: { version }, ...inline }),
  history: (p: P, id: string) => call(RecordEndpoints.history, { params: { ...p, id }, ...inline }),
  restoreRecord: (p: P, id: string, body: BodyOf<typeof RecordEndpoints.restore>) =>
    call(RecordEndpoints.restore, { params: { ...p, id }, body, ...inline }),
  query: (p: P, body: RecordQueryBody, signal?: AbortSignal) =>
    call(RecordEndpoints.query, { params: p, body, signal, ...inline }),
  count: (p: P, body: BodyOf<typeof RecordEndpoints.count>, signal?: AbortSignal) =>
    call(RecordEndpoints.count, { params: p, body, signal, ...inline }),
  pick: (p: P, body: BodyOf<typeof RecordEndpoints.pick>, signal?: AbortSignal) =>
    call(RecordEndpoints.pick, { params: p, body, signal, ...inline }),
  groups: (p: P, body: BodyOf<typeof RecordEndpoints.groups>, signal?: AbortSignal) =>
    call(RecordEndpoints.groups, { params: p, body, signal, ...inline }),
  batch: (p: P, body: BodyOf<typeof RecordEndpoints.batch>) =>
    call(RecordEndpoints.batch, { params: p, body, ...inline }),
  views: (p: P) => call(ViewEndpoints.list, { params: p, ...inline }),
  // The contract's kind union reads as `never` in its static type (see views/filter-ops.ts), hence the casts.
  createView: (p: P, body: SaveView) =>
    call(ViewEndpoints.create, { params: p, body: body as BodyOf<typeof ViewEndpoints.create>, ...inline }),
  updateView: (p: P, viewCode: string, body: SaveView) =>
    call(ViewEndpoints.update, {
      params: { ...p, viewCode },
      body: body as BodyOf<typeof ViewEndpoints.update>,
      ...inline,
    }),
  removeView: (p: P, viewCode: string) => call(ViewEndpoints.remove, { params: { ...p, viewCode }, ...inline }),
};

/** Uploads live in the shell (feedback screenshots use them too). */
export { uploadFile } from '../../../shell/api/upload';
