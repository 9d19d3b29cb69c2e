import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BranchesOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CodeOutlined,
  DeleteOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FileAddOutlined,
  FormOutlined,
  LinkOutlined,
  MailOutlined,
  NodeIndexOutlined,
  RobotOutlined,
  SearchOutlined,
  SendOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { AutomationStepSchema, type AutomationTrigger, AutomationTrigger as TriggerSchema } from '@canopy/contract';
import type { ReactNode } from 'react';
import type { AnyStep } from './step-tree';

/** The `kind` constants of a TypeBox union of objects (the contract is the one list of kinds). */
function kindsOf(schema: unknown): string[] {
  const anyOf = (schema as { anyOf?: { properties?: { kind?: { const?: unknown } } }[] }).anyOf ?? [];
  const kinds = anyOf.map((s) => s.properties?.kind?.const).filter((k): k is string => typeof k === 'string');
  return [...new Set(kinds)];
}

/** Every trigger kind the server knows, in the contract's order. */
export const TRIGGER_KINDS: string[] = kindsOf(TriggerSchema);
/** Every step kind the server knows (branches and loops included), in the contract's order. */
export const STEP_KINDS: string[] = kindsOf(AutomationStepSchema);

/**
 * Steps whose effect leaves Canopy (a request, a mail, a message): a run that dies after the call
 * and before its row commits calls again, so they run at least once (decision 0095).
 */
export const OUTSIDE_EFFECT_KINDS = new Set(['http', 'sendMail', 'wecomRobot']);

/** A kind's colour is the background of its card's white title: 4.5:1 or more against white (WCAG 1.4.3). */
export interface KindVisual {
  icon: ReactNode;
  color: string;
}

const STEP_VISUALS: Record<string, KindVisual> = {
  condition: { icon: <BranchesOutlined />, color: '#15803d' },
  findRecords: { icon: <SearchOutlined />, color: '#0e7490' },
  createRecord: { icon: <FileAddOutlined />, color: '#2563eb' },
  updateRecord: { icon: <EditOutlined />, color: '#4f46e5' },
  deleteRecord: { icon: <DeleteOutlined />, color: '#b91c1c' },
  sendLetter: { icon: <MailOutlined />, color: '#b45309' },
  http: { icon: <ApiOutlined />, color: '#7c3aed' },
  delay: { icon: <FieldTimeOutlined />, color: '#64748b' },
  sendMail: { icon: <SendOutlined />, color: '#c2410c' },
  startApproval: { icon: <AuditOutlined />, color: '#0f766e' },
  code: { icon: <CodeOutlined />, color: '#334155' },
  wecomRobot: { icon: <RobotOutlined />, color: '#155e75' },
};
const TRIGGER_VISUALS: Record<string, KindVisual> = {
  record: { icon: <AppstoreOutlined />, color: '#0a7d56' },
  schedule: { icon: <ClockCircleOutlined />, color: '#0a7d56' },
  webhook: { icon: <LinkOutlined />, color: '#0a7d56' },
  flow: { icon: <NodeIndexOutlined />, color: '#0a7d56' },
  date: { icon: <CalendarOutlined />, color: '#0a7d56' },
  button: { icon: <ThunderboltOutlined />, color: '#0a7d56' },
  form: { icon: <FormOutlined />, color: '#0a7d56' },
};
const FALLBACK_STEP: KindVisual = { icon: <ThunderboltOutlined />, color: '#475569' };

export const stepVisual = (kind: string): KindVisual => STEP_VISUALS[kind] ?? FALLBACK_STEP;
export const triggerVisual = (kind: string): KindVisual =>
  TRIGGER_VISUALS[kind] ?? { ...FALLBACK_STEP, color: '#0a7d56' };

/** Where a new step starts: the trigger's table when it has one, else the app's first table. */
export interface StepDefaults {
  schemaCode: string;
}

/** A new step of a kind with settings a designer then fills in (an unknown kind: just its id). */
export function newStep(kind: string, id: string, d: StepDefaults): AnyStep {
  const emptyFilter = { op: 'and' as const, conditions: [] };
  switch (kind) {
    case 'condition':
      return {
        id,
        kind,
        schemaCode: d.schemaCode,
        recordId: '{{trigger.record.id}}',
        filter: emptyFilter,
        whenTrue: [],
        whenFalse: [],
      };
    case 'findRecords':
      return { id, kind, schemaCode: d.schemaCode, limit: 50, each: [] };
    case 'createRecord':
      return { id, kind, schemaCode: d.schemaCode, values: {} };
    case 'updateRecord':
      return { id, kind, schemaCode: d.schemaCode, recordId: '{{trigger.record.id}}', values: {} };
    case 'deleteRecord':
      return { id, kind, schemaCode: d.schemaCode, recordId: '{{trigger.record.id}}' };
    case 'sendLetter':
      return { id, kind, members: [], subject: '', content: '' };
    case 'http':
      return { id, kind, method: 'POST', url: '', headers: {}, body: {} };
    case 'delay':
      return { id, kind, ms: 60 * 60 * 1000 };
    case 'sendMail':
      return { id, kind, subject: '', content: '' };
    case 'startApproval':
      return { id, kind, schemaCode: d.schemaCode, recordId: '{{trigger.record.id}}' };
    case 'code':
      return { id, kind, code: '', cpuMs: 1000 };
    case 'wecomRobot':
      return { id, kind, webhook: '', msgType: 'text', content: '' };
    default:
      return { id, kind };
  }
}

/** A trigger of a kind with its first settings. */
export function newTrigger(kind: string, schemaCode: string): AutomationTrigger {
  switch (kind) {
    case 'record':
      return { kind: 'record', schemaCode, events: ['created'] };
    case 'schedule':
      return { kind: 'schedule', cron: '0 9 * * 1-5' };
    case 'webhook':
      return { kind: 'webhook' };
    case 'flow':
      return { kind: 'flow', schemaCode, events: ['finished'] };
    case 'button':
      return { kind: 'button', schemaCode, label: '' };
    case 'form':
      return { kind: 'form', schemaCode };
    case 'date':
      return { kind: 'date', schemaCode, field: '', amount: 1, unit: 'days', direction: 'before' };
    default:
      // A kind the server added later: its settings are filled in by its form (or as JSON).
      return { kind, ...(schemaCode ? { schemaCode } : {}) } as unknown as AutomationTrigger;
  }
}

/** The table a trigger is about, if any (record, flow and later record-based kinds). */
export const triggerTable = (t: AutomationTrigger): string =>
  'schemaCode' in t && typeof t.schemaCode === 'string' ? t.schemaCode : '';

/** Whether the contract's step of a kind has a setting (a form shows it only once the server takes it). */
export function stepHasSetting(kind: string, setting: string): boolean {
  const anyOf =
    (AutomationStepSchema as { anyOf?: { properties?: Record<string, { const?: unknown }> }[] }).anyOf ?? [];
  return anyOf.some((s) => s.properties?.kind?.const === kind && setting in (s.properties ?? {}));
}
