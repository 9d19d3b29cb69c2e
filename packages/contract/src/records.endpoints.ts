import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import {
  BatchRecordsBody,
  BatchResult,
  CreateRecordBody,
  DeleteRecordQuery,
  HistoryEntry,
  RecordItem,
  RecordListQuery,
  RecordPage,
  RecordParams,
  RestoreRecordBody,
  SchemaParams,
  UpdateRecordBody,
} from './schemas.js';
import {
  RecordCount,
  RecordCountBody,
  RecordGroups,
  RecordGroupsBody,
  RecordPick,
  RecordPickBody,
} from './transfer.js';
import { RecordQueryBody } from './views.js';

const recordEndpoint = sessionEndpoints('records');

export const RecordEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${schemaPath}/records`,
    summary: 'Records, newest first, by keyset paging',
    tags: ['records'],
    auth: 'session',
    params: SchemaParams,
    query: RecordListQuery,
    response: RecordPage,
  }),
  query: recordEndpoint(
    'POST',
    `${schemaPath}/records/query`,
    'Records matching filters, in the given order, a page at a time',
    RecordPage,
    {
      params: SchemaParams,
      body: RecordQueryBody,
    },
  ),
  create: recordEndpoint('POST', `${schemaPath}/records`, 'Create a record', RecordItem, {
    params: SchemaParams,
    body: CreateRecordBody,
  }),
  get: recordEndpoint('GET', `${schemaPath}/records/:id`, 'A record by id', RecordItem, { params: RecordParams }),
  update: recordEndpoint(
    'PATCH',
    `${schemaPath}/records/:id`,
    'Change some fields; a stale version answers 409',
    RecordItem,
    {
      params: RecordParams,
      body: UpdateRecordBody,
    },
  ),
  remove: endpoint({
    method: 'DELETE',
    path: `${schemaPath}/records/:id`,
    summary: 'Delete a record (with its version: a stale one answers 409)',
    tags: ['records'],
    auth: 'session',
    params: RecordParams,
    query: DeleteRecordQuery,
    response: Type.Boolean(),
  }),
  batch: recordEndpoint(
    'POST',
    `${schemaPath}/records/batch`,
    'Create, update and delete records in one transaction',
    BatchResult,
    {
      params: SchemaParams,
      body: BatchRecordsBody,
    },
  ),
  history: recordEndpoint(
    'GET',
    `${schemaPath}/records/:id/history`,
    "A record's change history",
    Type.Array(HistoryEntry),
    {
      params: RecordParams,
    },
  ),
  restore: recordEndpoint(
    'POST',
    `${schemaPath}/records/:id/restore`,
    "Restore one field, or the whole record, to a version of its history, as a new write (rights, field rules and flows' rules apply)",
    RecordItem,
    { params: RecordParams, body: RestoreRecordBody },
  ),
  count: recordEndpoint(
    'POST',
    `${schemaPath}/records/count`,
    'How many records match (counted apart from the page, cached briefly, capped)',
    RecordCount,
    { params: SchemaParams, body: RecordCountBody },
  ),
  groups: recordEndpoint(
    'POST',
    `${schemaPath}/records/groups`,
    "The values a grouping field holds (kanban columns) within the member's row rule and the view's filter, capped",
    RecordGroups,
    { params: SchemaParams, body: RecordGroupsBody },
  ),
  pick: recordEndpoint(
    'POST',
    `${schemaPath}/records/pick`,
    "Records to link to, by title: searched on the server within the member's rights, newest first, paged",
    RecordPick,
    { params: SchemaParams, body: RecordPickBody },
  ),
} as const;
