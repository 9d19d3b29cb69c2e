import Type from 'typebox';
import { endpoint } from './endpoint.js';
import {
  TodoBatchApproveBody,
  TodoBatchApproveResult,
  TodoList,
  TodoListBody,
  TodoPage,
  TodoPageBody,
  TodoSummary,
  TodoSummaryQuery,
} from './todo.js';

const tags = ['todos'];

/** Spec §7's unnamed to-do calls: always the asker's own lists, answered from the inbox indexes. */
export const TodoEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/v1/todos/page',
    summary: "To-do page (the home panel: state 0, pageSize 6, pageIndex 0, sortDirection 1): the asker's items",
    tags,
    auth: 'session',
    body: TodoPageBody,
    response: TodoPage,
  }),
  list: endpoint({
    method: 'POST',
    path: '/v1/todos/list',
    summary: 'To-do list paging (todo, done, circulated) and original-list paging, with group, sort and search',
    tags,
    auth: 'session',
    body: TodoListBody,
    response: TodoList,
  }),
  count: endpoint({
    method: 'GET',
    path: '/v1/todos/count',
    summary: "The asker's open to-dos (the header badge)",
    tags,
    auth: 'session',
    response: Type.Integer(),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/v1/todos/summary',
    summary: 'To-do summary: total and counts per app and table (the list groups)',
    tags,
    auth: 'session',
    query: TodoSummaryQuery,
    response: TodoSummary,
  }),
  batchApprove: endpoint({
    method: 'POST',
    path: '/v1/todos/batch-approve',
    summary: 'Approve several items, each through the approve action in its own transaction; per-item results',
    tags,
    auth: 'session',
    body: TodoBatchApproveBody,
    response: TodoBatchApproveResult,
  }),
  batchReject: endpoint({
    method: 'POST',
    path: '/v1/todos/batch-reject',
    summary: 'Reject several items, each through the reject action in its own transaction; per-item results',
    tags,
    auth: 'session',
    body: TodoBatchApproveBody,
    response: TodoBatchApproveResult,
  }),
} as const;
