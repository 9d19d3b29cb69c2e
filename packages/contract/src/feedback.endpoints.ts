import { endpoint } from './endpoint.js';
import {
  AnswerFeedbackBody,
  CreateFeedbackBody,
  FeedbackIdParams,
  FeedbackItem,
  FeedbackListQuery,
  FeedbackPage,
} from './feedback.js';

/**
 * Feedback: members send it from the current team; the instance administrator (the first account)
 * reads all of it, answers and moves its status. Screenshots are served by
 * `GET /v1/feedback/:id/screenshots/:fileId` (raw bytes, sender or administrator).
 */
export const FeedbackEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/feedback',
    summary: 'Send feedback from the current team',
    tags: ['feedback'],
    auth: 'session',
    body: CreateFeedbackBody,
    response: FeedbackItem,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/v1/feedback',
    summary: "The current member's feedback in the current team, newest first",
    tags: ['feedback'],
    auth: 'session',
    query: FeedbackListQuery,
    response: FeedbackPage,
  }),
  all: endpoint({
    method: 'GET',
    path: '/v1/admin/feedback',
    summary: 'All feedback of the instance, newest first (instance administrator only)',
    tags: ['feedback', 'admin'],
    auth: 'session',
    query: FeedbackListQuery,
    response: FeedbackPage,
  }),
  answer: endpoint({
    method: 'PUT',
    path: '/v1/admin/feedback/:id',
    summary: 'Answer a feedback and/or change its status (instance administrator only)',
    tags: ['feedback', 'admin'],
    auth: 'session',
    params: FeedbackIdParams,
    body: AnswerFeedbackBody,
    response: FeedbackItem,
  }),
} as const;
