import {
  type TodoBatchApproveBody,
  TodoEndpoints,
  type TodoListBody,
  type TodoPageBody,
  type TodoTaskType,
} from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Query keys of to-dos. Every one starts with `['todos']`: when a to-do changes (an action here, or
 * the live channel's "to-do changed"), invalidating that prefix refreshes the panel, the badge, the
 * lists and the summaries at once.
 */
export const todoKeys = {
  all: ['todos'] as const,
  count: (e: string) => ['todos', e, 'count'] as const,
  panel: (e: string, body: TodoPageBody) => ['todos', e, 'panel', body] as const,
  list: (e: string, body: TodoListBody) => ['todos', e, 'list', body] as const,
  summary: (e: string, taskType: TodoTaskType) => ['todos', e, 'summary', taskType] as const,
};

export const todosApi = {
  page: (body: TodoPageBody) => call(TodoEndpoints.page, { body }),
  list: (body: TodoListBody) => call(TodoEndpoints.list, { body }),
  count: () => call(TodoEndpoints.count, {}),
  summary: (taskType: TodoTaskType) => call(TodoEndpoints.summary, { query: { taskType } }),
  batchApprove: (body: TodoBatchApproveBody) => call(TodoEndpoints.batchApprove, { body }),
  batchReject: (body: TodoBatchApproveBody) => call(TodoEndpoints.batchReject, { body }),
};
