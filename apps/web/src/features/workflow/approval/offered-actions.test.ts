import type { ViewContext } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { offeredActions } from './offered-actions';

const item = (closeRevert: boolean, closeTerminate: boolean): ViewContext['workItem'] => ({
  appCode: 'a',
  schemaCode: 's',
  workflowCode: 'w',
  itemType: 2,
  workItemId: 'i',
  workflowVersion: 1,
  activityCode: 'approve1',
  instanceState: 2,
  closeRevert,
  closeTerminate,
  instanceId: 'x',
});
const codes = (...list: string[]) => list.map((code) => ({ code }));

describe('offered actions (spec §5)', () => {
  it('keeps what the context offers, in the bar’s order, ignoring unknown codes', () => {
    expect(
      offeredActions({ actions: codes('terminate', 'approve', 'whatever', 'reject'), workItem: item(false, false) }),
    ).toEqual(['approve', 'reject', 'terminate']);
  });

  it('hides revert and resume when closeRevert is set', () => {
    const actions = codes('approve', 'revert', 'resume', 'terminate');
    expect(offeredActions({ actions, workItem: item(true, false) })).toEqual(['approve', 'terminate']);
    expect(offeredActions({ actions, workItem: item(false, false) })).toEqual([
      'approve',
      'revert',
      'resume',
      'terminate',
    ]);
  });

  it('hides terminate when closeTerminate is set', () => {
    expect(offeredActions({ actions: codes('approve', 'terminate', 'withdraw'), workItem: item(false, true) })).toEqual(
      ['approve', 'withdraw'],
    );
  });

  it('offers instance actions without a work item', () => {
    expect(offeredActions({ actions: codes('withdraw', 'comment'), workItem: null })).toEqual(['withdraw', 'comment']);
  });
});
