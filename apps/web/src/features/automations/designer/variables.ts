import type { AutomationTrigger, FieldInfo } from '@canopy/contract';
import { type AnyStep, stepsBefore } from './step-tree';

/**
 * What a value can name (`{{path}}`): the trigger's data, earlier steps' outputs and the loop's
 * record. `type` is a field type for record fields, else one of the plain kinds below; `label` is
 * a translation key with its params (the picker translates).
 */
export interface Variable {
  path: string;
  group: string;
  label: { key: string; params?: Record<string, string> };
  type: string;
}
export type FieldsOf = (schemaCode: string) => FieldInfo[];

/** The table a step works on, if it has one. */
export const schemaOf = (step: AnyStep): string => {
  const code = (step as { schemaCode?: unknown }).schemaCode;
  return typeof code === 'string' ? code : '';
};

const recordVars = (prefix: string, group: string, fields: FieldInfo[]): Variable[] => [
  { path: `${prefix}.id`, group, label: { key: 'automations.var.recordId' }, type: 'id' },
  ...fields
    .filter((f) => !f.deleted)
    .map((f) => ({
      path: `${prefix}.data.${f.code}`,
      group,
      label: { key: 'automations.var.field', params: { name: f.name } },
      type: f.type,
    })),
];

/** The trigger's data by its kind. */
export function triggerVariables(t: AutomationTrigger, fieldsOf: FieldsOf): Variable[] {
  const group = 'trigger';
  const v = (path: string, key: string, type: string): Variable => ({ path, group, label: { key }, type });
  const schemaCode = 'schemaCode' in t && typeof t.schemaCode === 'string' ? t.schemaCode : '';
  const out: Variable[] = [];
  if (schemaCode) out.push(...recordVars('trigger.record', group, fieldsOf(schemaCode)));
  switch (t.kind) {
    case 'record':
      out.push(
        v('trigger.event', 'automations.var.event', 'text'),
        v('trigger.memberId', 'automations.var.byMember', 'member'),
      );
      break;
    case 'flow':
      out.push(
        v('trigger.event', 'automations.var.event', 'text'),
        v('trigger.actor', 'automations.var.actor', 'member'),
        v('trigger.node', 'automations.var.node', 'text'),
        v('trigger.instanceId', 'automations.var.instance', 'id'),
      );
      break;
    case 'webhook':
      out.push(v('trigger.body', 'automations.var.body', 'json'));
      break;
    case 'button':
      out.push(v('trigger.pressedBy', 'automations.var.pressedBy', 'member'));
      break;
    case 'date':
      out.push(v('trigger.firedAt', 'automations.var.firedAt', 'time'));
      break;
    case 'schedule':
      out.push(v('trigger.firedAt', 'automations.var.firedAt', 'time'));
      break;
  }
  return out;
}

/** What one step answers, by its kind. */
export function stepOutputs(step: AnyStep, fieldsOf: FieldsOf): Variable[] {
  const group = step.id;
  const p = `steps.${step.id}`;
  const v = (path: string, key: string, type: string): Variable => ({
    path: `${p}.${path}`,
    group,
    label: { key },
    type,
  });
  const table = schemaOf(step);
  switch (step.kind) {
    case 'createRecord':
    case 'updateRecord':
      return recordVars(`${p}.record`, group, fieldsOf(table));
    case 'deleteRecord':
      return [v('deleted', 'automations.var.deletedId', 'id')];
    case 'findRecords':
      return [v('count', 'automations.var.count', 'number'), v('records', 'automations.var.records', 'list')];
    case 'condition':
      return [v('matched', 'automations.var.matched', 'boolean')];
    case 'sendLetter':
      return [v('memberIds', 'automations.var.recipients', 'list')];
    case 'http':
      return [v('status', 'automations.var.status', 'number'), v('body', 'automations.var.responseBody', 'json')];
    case 'delay':
      return [v('until', 'automations.var.until', 'time')];
    case 'sendMail':
      return [v('sentTo', 'automations.var.sentTo', 'list')];
    case 'startApproval':
      return [v('instanceId', 'automations.var.instanceId', 'id')];
    default:
      return [{ path: p, group, label: { key: 'automations.var.output' }, type: 'json' }];
  }
}

/** Everything a step's values can name: the trigger, the loops it is in, and the steps before it. */
export function variablesFor(
  trigger: AutomationTrigger,
  steps: AnyStep[],
  stepId: string | null,
  fieldsOf: FieldsOf,
): Variable[] {
  const out = triggerVariables(trigger, fieldsOf);
  const reach = stepId ? stepsBefore(steps, stepId) : null;
  if (!reach) return out;
  for (const loop of reach.loops) {
    const table = schemaOf(loop);
    out.push(...recordVars('item', `item:${loop.id}`, fieldsOf(table)));
  }
  for (const s of reach.earlier) out.push(...stepOutputs(s, fieldsOf));
  return out;
}

/** A value that is exactly one variable (`{{path}}`): its path, else null. */
export function wholeVariable(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^\{\{\s*([\w.\u4e00-\u9fff-]+)\s*\}\}$/.exec(value);
  return m ? (m[1] as string) : null;
}

const TEMPLATE = /\{\{\s*([\w.\u4e00-\u9fff-]+)\s*\}\}/g;

/**
 * A text with its `{{path}}` variables written as a person names them (`[触发数据 · 金额]`); a path
 * the draft no longer offers stays as it is.
 */
export function readableTemplate(text: string, variables: Variable[], name: (v: Variable) => string): string {
  const byPath = new Map(variables.map((v) => [v.path, v]));
  return text.replace(TEMPLATE, (whole, path: string) => {
    const v = byPath.get(path);
    return v ? `[${name(v)}]` : whole;
  });
}
