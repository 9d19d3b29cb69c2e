import type { AutomationTrigger, FieldInfo } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { newStep, STEP_KINDS, TRIGGER_KINDS } from './kinds';
import { problemsByCard } from './problems';
import {
  type AnyStep,
  findStep,
  insertStep,
  moveStep,
  nextStepId,
  ROOT,
  removeStep,
  replaceStep,
  stepsBefore,
} from './step-tree';
import { variablesFor } from './variables';

const field = (code: string, name: string, type: string): FieldInfo => ({
  code,
  name,
  type,
  settings: {},
  required: false,
  unique: false,
  description: '',
  defaultValue: null,
  system: false,
  deleted: false,
});
const fields: Record<string, FieldInfo[]> = {
  claims: [field('f_amount', '金额', 'number')],
  big: [field('f_total', '报销金额', 'number')],
};
const fieldsOf = (code: string) => fields[code] ?? [];
const d = { schemaCode: 'claims' };

/** s1 condition (yes: s2 find with s3 inside; no: s4), then s5 create. */
function tree(): AnyStep[] {
  let steps: AnyStep[] = [];
  steps = insertStep(steps, ROOT, 0, newStep('condition', 's1', d));
  steps = insertStep(steps, { parent: 's1', slot: 'whenTrue' }, 0, newStep('findRecords', 's2', { schemaCode: 'big' }));
  steps = insertStep(steps, { parent: 's2', slot: 'each' }, 0, newStep('updateRecord', 's3', { schemaCode: 'big' }));
  steps = insertStep(steps, { parent: 's1', slot: 'whenFalse' }, 0, newStep('sendLetter', 's4', d));
  steps = insertStep(steps, ROOT, 1, newStep('createRecord', 's5', { schemaCode: 'big' }));
  return steps;
}

describe('the kinds come from the contract', () => {
  it('lists every trigger and step kind the server has', () => {
    expect(TRIGGER_KINDS).toEqual(expect.arrayContaining(['record', 'schedule', 'webhook', 'flow']));
    expect(STEP_KINDS).toEqual(
      expect.arrayContaining([
        'condition',
        'findRecords',
        'createRecord',
        'updateRecord',
        'deleteRecord',
        'sendLetter',
        'http',
        'delay',
      ]),
    );
  });
});

describe('step tree', () => {
  it('inserts into branches and loops, and finds steps by id', () => {
    const steps = tree();
    expect(steps.map((s) => s.id)).toEqual(['s1', 's5']);
    expect(findStep(steps, 's3')?.kind).toBe('updateRecord');
    expect(nextStepId(steps)).toBe('s6');
    expect(nextStepId(removeStep(steps, 's2'))).toBe('s2');
  });

  it('removes, replaces and moves without touching the original', () => {
    const steps = tree();
    const removed = removeStep(steps, 's4');
    expect(findStep(removed, 's4')).toBeUndefined();
    expect(findStep(steps, 's4')).toBeDefined();
    const renamed = replaceStep(steps, { ...(findStep(steps, 's4') as AnyStep), subject: '你好' });
    expect((findStep(renamed, 's4') as { subject: string }).subject).toBe('你好');
    expect(moveStep(steps, 's5', -1).map((s) => s.id)).toEqual(['s5', 's1']);
    expect(moveStep(steps, 's1', -1).map((s) => s.id)).toEqual(['s1', 's5']);
  });

  it('knows what ran before a step and which loops hold it', () => {
    const steps = tree();
    const inLoop = stepsBefore(steps, 's3');
    expect(inLoop?.earlier.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(inLoop?.loops.map((s) => s.id)).toEqual(['s2']);
    // After a condition: its own output, not the steps inside its branches.
    expect(stepsBefore(steps, 's5')?.earlier.map((s) => s.id)).toEqual(['s1']);
  });
});

describe('variables', () => {
  const trigger: AutomationTrigger = { kind: 'record', schemaCode: 'claims', events: ['created'] };
  it('offers the trigger record, the loop item and earlier outputs, with their types', () => {
    const vars = variablesFor(trigger, tree(), 's3', fieldsOf);
    const byPath = new Map(vars.map((v) => [v.path, v.type]));
    expect(byPath.get('trigger.record.data.f_amount')).toBe('number');
    expect(byPath.get('item.data.f_total')).toBe('number');
    expect(byPath.get('steps.s2.count')).toBe('number');
    expect(byPath.has('steps.s1.matched')).toBe(true);
    expect(byPath.has('steps.s4.memberIds')).toBe(false);
    const after = variablesFor(trigger, tree(), 's5', fieldsOf).map((v) => v.path);
    expect(after).toContain('steps.s1.matched');
    expect(after).not.toContain('item.id');
  });
});

describe('a refused draft', () => {
  it('puts each field error on its card', () => {
    const problems = problemsByCard(tree(), [
      { field: 'definition.steps.0.whenTrue.0.each.0.values', message: '字段不存在' },
      { field: 'definition.trigger.cron', message: '无法识别' },
      { field: 'definition.steps.1.schemaCode', message: '表不存在' },
    ]);
    expect(problems.get('s3')).toBe('字段不存在');
    expect(problems.get('trigger')).toBe('无法识别');
    expect(problems.get('s5')).toBe('表不存在');
  });
});
