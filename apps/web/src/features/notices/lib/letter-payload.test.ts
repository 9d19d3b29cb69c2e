import { describe, expect, it } from 'vitest';
import { isPayloadComplete } from './letter-content';

describe('a letter link payload', () => {
  it('is complete with its type and the fields the type needs', () => {
    expect(isPayloadComplete({ type: 'workflow', appCode: 'a1', instanceId: 'i1', workItemId: '' })).toBe(true);
    expect(isPayloadComplete({ type: 'table', appCode: 'a1', schemaCode: 's1' })).toBe(true);
    expect(isPayloadComplete({ type: 'members' })).toBe(true);
    expect(isPayloadComplete({ kind: 'feedback', feedbackId: 'f1' })).toBe(true);
  });

  it('lacks fields without a type, or without a field its type needs', () => {
    expect(isPayloadComplete({})).toBe(false);
    expect(isPayloadComplete({ type: 'workflow' })).toBe(false);
    expect(isPayloadComplete({ type: 'workflow', appCode: 'a1', instanceId: '' })).toBe(false);
    expect(isPayloadComplete({ type: 'table', appCode: 'a1' })).toBe(false);
  });
});
