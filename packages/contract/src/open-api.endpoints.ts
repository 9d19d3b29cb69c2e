import Type, { type Static } from 'typebox';
import { ApiTokenLimits } from './api-tokens.js';
import { endpoint } from './endpoint.js';
import { UploadedFile, UploadQuery } from './files.js';
import { DeleteRecordQuery, RecordItem, RecordListQuery, RecordPage } from './schemas.js';
import { TodoList, TodoPageMax } from './todo.js';
import { FilterGroup, SortSpec } from './views.js';
import { ActionResult, StartResult } from './workflow.js';

/**
 * The records API for integrators (issue 17), versioned under `/open/v1`: a data table is addressed
 * by its app code and table code, field values by field code. A session or an API token (Bearer)
 * may call it; a token only for the apps it names, and a read-only token only for reads.
 */
export const OPEN_API_PREFIX = '/open/v1';
const tablePath = `${OPEN_API_PREFIX}/apps/:appCode/tables/:tableCode`;

/** Field values by field code. The JSON shape of each field type: */
export const FIELD_VALUE_SHAPES = [
  'text, textarea, phone, email, url, richText: string',
  'number, money, percent: number',
  'checkbox: boolean',
  "date: string 'YYYY-MM-DD'; datetime: ISO 8601 string (e.g. 2026-11-24T08:00:00.000Z)",
  'singleSelect: option id (string); multiSelect: option ids (string[])',
  'member: member ids (string[]); department: department ids (string[])',
  "relation: ids of records of the related table (string[]), within the caller's row rule there",
  'attachment, image: file ids from POST /open/v1/apps/{appCode}/files on write (string[]); on read {id, name, size, contentType, isImage, url}[]',
  'location: {address: string, lng: number|null, lat: number|null}',
  "subTable: rows ({[subFieldCode]: value}[]), each value in its own type's shape",
  'formula, lookup, autoNumber, createdBy, createdAt, modifiedBy, modifiedAt: read only',
  'null (or leaving the field out) empties a field',
].join('; ');

const FieldValues = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  description: `Field values by field code. ${FIELD_VALUE_SHAPES}.`,
});

export const OpenTableParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64, description: "The app's code" }),
  tableCode: Type.String({ minLength: 1, maxLength: 64, description: "The data table's code" }),
});
export const OpenRecordParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64, description: "The app's code" }),
  tableCode: Type.String({ minLength: 1, maxLength: 64, description: "The data table's code" }),
  id: Type.String({ minLength: 1, maxLength: 64, description: "The record's id" }),
});

export const OpenQueryBody = Type.Object(
  {
    filter: Type.Optional(FilterGroup),
    sorts: Type.Optional(Type.Array(SortSpec, { maxItems: 5 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    cursor: Type.Optional(Type.String({ maxLength: 500, description: "The previous page's nextCursor" })),
  },
  { additionalProperties: false },
);
export type OpenQueryBody = Static<typeof OpenQueryBody>;

export const OpenCreateBody = Type.Object({ data: FieldValues }, { additionalProperties: false });
export const OpenUpdateBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The version read; a newer one on the server answers 409' }),
    data: FieldValues,
  },
  { additionalProperties: false },
);

const max = ApiTokenLimits.batchMax;
export const OpenBatchBody = Type.Object(
  {
    create: Type.Optional(
      Type.Array(Type.Object({ data: FieldValues }, { additionalProperties: false }), { maxItems: max }),
    ),
    update: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ maxLength: 64 }), version: Type.Integer({ minimum: 1 }), data: FieldValues },
          { additionalProperties: false },
        ),
        { maxItems: max },
      ),
    ),
    delete: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ maxLength: 64 }), version: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        { maxItems: max },
      ),
    ),
  },
  { additionalProperties: false, description: `Up to ${max} rows in all, written in one transaction: all or nothing` },
);
export type OpenBatchBody = Static<typeof OpenBatchBody>;

export const OpenBatchResult = Type.Object({
  created: Type.Array(RecordItem),
  updated: Type.Array(RecordItem),
  deleted: Type.Array(Type.String()),
});

const open = { tags: ['open-records'], auth: 'session' as const };

export const OpenRecordEndpoints = {
  list: endpoint({
    ...open,
    method: 'GET',
    path: `${tablePath}/records`,
    operationId: 'listRecords',
    summary: 'List records, newest first, keyset paged · 按创建时间倒序分页列出记录',
    token: 'read',
    params: OpenTableParams,
    query: RecordListQuery,
    response: RecordPage,
  }),
  query: endpoint({
    ...open,
    method: 'POST',
    path: `${tablePath}/records/query`,
    operationId: 'queryRecords',
    summary: 'Query records with filters, sorts and search, a page at a time · 按条件、排序、搜索分页查询记录',
    token: 'read',
    params: OpenTableParams,
    body: OpenQueryBody,
    response: RecordPage,
  }),
  get: endpoint({
    ...open,
    method: 'GET',
    path: `${tablePath}/records/:id`,
    operationId: 'getRecord',
    summary: 'Get one record · 获取一条记录',
    token: 'read',
    params: OpenRecordParams,
    response: RecordItem,
  }),
  create: endpoint({
    ...open,
    method: 'POST',
    path: `${tablePath}/records`,
    operationId: 'createRecord',
    summary: 'Create a record · 新建一条记录',
    token: 'write',
    params: OpenTableParams,
    body: OpenCreateBody,
    response: RecordItem,
  }),
  update: endpoint({
    ...open,
    method: 'PATCH',
    path: `${tablePath}/records/:id`,
    operationId: 'updateRecord',
    summary: 'Change some fields of a record (409 on a stale version) · 修改一条记录',
    token: 'write',
    params: OpenRecordParams,
    body: OpenUpdateBody,
    response: RecordItem,
  }),
  remove: endpoint({
    ...open,
    method: 'DELETE',
    path: `${tablePath}/records/:id`,
    operationId: 'deleteRecord',
    summary: 'Delete a record · 删除一条记录',
    token: 'write',
    params: OpenRecordParams,
    query: DeleteRecordQuery,
    response: Type.Boolean(),
  }),
  batch: endpoint({
    ...open,
    method: 'POST',
    path: `${tablePath}/records/batch`,
    operationId: 'batchRecords',
    summary: `Create, update and delete up to ${max} records in one transaction · 批量写入（全部成功或全部撤销）`,
    token: 'write',
    bodyLimit: 16 * 1024 * 1024,
    params: OpenTableParams,
    body: OpenBatchBody,
    response: OpenBatchResult,
  }),
} as const;

/**
 * A file for an attachment or image field, uploaded by an integrator: multipart/form-data with one
 * field `file` (attachments up to 20 MB; `kind=image` up to 10 MB, PNG/JPEG/GIF/WebP). A read-write
 * token naming the app may call it; the answer's id goes into the field's list on create or update.
 */
export const OpenFileEndpoints = {
  upload: endpoint({
    ...open,
    method: 'POST',
    path: `${OPEN_API_PREFIX}/apps/:appCode/files`,
    operationId: 'uploadFile',
    summary: 'Upload one file (multipart field "file") for an attachment or image field · 上传附件或图片',
    token: 'write',
    params: Type.Object({ appCode: Type.String({ minLength: 1, maxLength: 64, description: "The app's code" }) }),
    query: UploadQuery,
    response: UploadedFile,
  }),
} as const;

/** Submitting a record into its table's published flow. */
export const OpenStartFlowBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export const OpenWorkItemParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64, description: "The app's code" }),
  workItemId: Type.String({ minLength: 1, maxLength: 64, description: "The work item's id (from work-items)" }),
});
export const OpenAppParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64, description: "The app's code" }),
});
export const OpenWorkItemsQuery = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: TodoPageMax })),
  pageIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export const OpenActionBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);

const flows = { tags: ['open-flows'], auth: 'session' as const };

/**
 * Flows for integrators: submit a record into its table's flow, list one's own open work items in
 * an app, approve or reject one — the same actions (and rules) as the web app's.
 */
export const OpenFlowEndpoints = {
  start: endpoint({
    ...flows,
    method: 'POST',
    path: `${tablePath}/records/:id/flow`,
    operationId: 'startRecordFlow',
    summary: "Submit a record into its table's published flow · 提交记录进入流程",
    token: 'write',
    params: OpenRecordParams,
    body: OpenStartFlowBody,
    response: StartResult,
  }),
  workItems: endpoint({
    ...flows,
    method: 'GET',
    path: `${OPEN_API_PREFIX}/apps/:appCode/work-items`,
    operationId: 'listMyWorkItems',
    summary: 'My open work items (to-dos) in an app, newest first · 我在该应用中的待办',
    token: 'read',
    params: OpenAppParams,
    query: OpenWorkItemsQuery,
    response: TodoList,
  }),
  approve: endpoint({
    ...flows,
    method: 'POST',
    path: `${OPEN_API_PREFIX}/apps/:appCode/work-items/:workItemId/approve`,
    operationId: 'approveWorkItem',
    summary: 'Approve one of my work items · 同意我的待办',
    token: 'write',
    params: OpenWorkItemParams,
    body: OpenActionBody,
    response: ActionResult,
  }),
  reject: endpoint({
    ...flows,
    method: 'POST',
    path: `${OPEN_API_PREFIX}/apps/:appCode/work-items/:workItemId/reject`,
    operationId: 'rejectWorkItem',
    summary: 'Reject one of my work items · 驳回我的待办',
    token: 'write',
    params: OpenWorkItemParams,
    body: OpenActionBody,
    response: ActionResult,
  }),
} as const;
