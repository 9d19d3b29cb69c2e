import {
  type AnswerFeedbackBody,
  type CreateFeedbackBody,
  FeedbackEndpoints,
  type FeedbackItem,
  type FeedbackStatus,
} from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: (engineCode: string) => ['feedback', 'mine', engineCode] as const,
  admin: (status: FeedbackStatus | 'all') => ['feedback', 'admin', status] as const,
};

/** The next page starts after the last item shown (keyset: time, then id). */
export function nextPageOf(items: FeedbackItem[]): { beforeTime: number; beforeId: string } | undefined {
  const last = items.at(-1);
  return last ? { beforeTime: last.createdAt, beforeId: last.id } : undefined;
}

const inline = { errors: 'inline' } as const;

export function sendFeedback(body: CreateFeedbackBody) {
  return call(FeedbackEndpoints.create, { body, ...inline });
}

export function fetchMyFeedback(before?: { beforeTime: number; beforeId: string }) {
  return call(FeedbackEndpoints.mine, { query: { ...before } });
}

/**
 * Every feedback of the instance (instance administrator only). Others get 403, which only means
 * the tab is not theirs, so the call is silent and the page hides the tab.
 */
export function fetchAllFeedback(status: FeedbackStatus | 'all', before?: { beforeTime: number; beforeId: string }) {
  return call(FeedbackEndpoints.all, {
    query: { ...(status === 'all' ? {} : { status }), ...before },
    errors: 'silent',
  });
}

export function answerFeedback(id: string, body: AnswerFeedbackBody) {
  return call(FeedbackEndpoints.answer, { params: { id }, body, ...inline });
}
