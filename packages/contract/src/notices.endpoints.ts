import Type from 'typebox';
import { endpoint } from './endpoint.js';
import {
  Letter,
  LetterEventQuery,
  LetterIdQuery,
  LetterList,
  LetterListQuery,
  MarkReadBody,
  TodoMailBody,
  TodoMailSetting,
} from './notices.js';

const tags = ['notices'];

/** Spec §7 letter calls: always the asker's own letters in the current team. */
export const NoticeEndpoints = {
  countUnread: endpoint({
    method: 'GET',
    path: '/v1/appletter/countUnread',
    summary: 'Unread notification count of the current member',
    tags,
    auth: 'session',
    response: Type.Integer(),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/appletter/list',
    summary: "The asker's letters newest first: unread only, read only or all, optionally of one kind",
    tags,
    auth: 'session',
    query: LetterListQuery,
    response: LetterList,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/v1/appletter/read',
    summary: 'Mark these letters of the asker read; answers how many changed',
    tags,
    auth: 'session',
    body: MarkReadBody,
    response: Type.Integer(),
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/v1/appletter/readAll',
    summary: "Mark all the asker's letters in this team read; answers how many changed",
    tags,
    auth: 'session',
    response: Type.Integer(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/appletter/detail',
    summary: 'One letter of the asker',
    tags,
    auth: 'session',
    query: LetterIdQuery,
    response: Letter,
  }),
  idByEvent: endpoint({
    method: 'GET',
    path: '/v1/appletter/byEvent',
    summary: "The asker's letter written for this event, or null",
    tags,
    auth: 'session',
    query: LetterEventQuery,
    response: Type.Union([Type.Integer(), Type.Null()]),
  }),
  todoMail: endpoint({
    method: 'GET',
    path: '/v1/appletter/todoMail',
    summary: "Whether new to-dos are also mailed to the account's email",
    tags,
    auth: 'session',
    response: TodoMailSetting,
  }),
  setTodoMail: endpoint({
    method: 'PUT',
    path: '/v1/appletter/todoMail',
    summary: 'Turn the mail for new to-dos on or off for this account',
    tags,
    auth: 'session',
    body: TodoMailBody,
    response: TodoMailSetting,
  }),
} as const;
