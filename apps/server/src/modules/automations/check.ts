import type { AutomationDefinition, AutomationStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { DEFAULT_TIME_ZONE } from '../records/time-zone.js';
import { SchemaContextRepository } from '../schema-context/repository.js';
import { nextFire } from './events.js';
import type { AutomationRepository } from './repository.js';
import { robotKey } from './wecom-robot-step.js';

/** Field types a date trigger can follow. */
const DATE_TYPES = new Set(['date', 'datetime']);

/**
 * Checks a definition against the app it belongs to, naming the offending place
 * (`definition.steps.2.schemaCode`): every table is one of the app's, every field one of its
 * table's live fields, step ids are unique, a schedule parses, an address is http(s), a delay
 * has one of its two settings, letters and mails go to members of the team, roles of the app and
 * departments of the team.
 */
export async function checkDefinition(
  db: Kysely<Database>,
  repo: AutomationRepository,
  engineCode: string,
  appCode: string,
  def: AutomationDefinition,
): Promise<void> {
  const schemas = new SchemaContextRepository(db);
  const tables = new Map<string, FieldsTable[] | null>();
  const problems: FieldProblem[] = [];
  const problem = (field: string, key: FieldProblem['key'], params?: Record<string, string | number>) =>
    problems.push({ field, key, label: field, ...(params ? { params } : {}) });
  const fieldsOf = async (code: string): Promise<FieldsTable[] | null> => {
    if (!tables.has(code)) {
      const schema = await schemas.find(engineCode, appCode, code);
      tables.set(code, schema ? (await schemas.fields(schema.code)).filter((f) => f.deleted_at === null) : null);
    }
    return tables.get(code) ?? null;
  };
  const checkFields = async (at: string, schemaCode: string, codes: string[]) => {
    const fields = await fieldsOf(schemaCode);
    if (!fields) return problem(`${at}.schemaCode`, 'automation.unknownTable');
    for (const code of codes)
      if (!fields.some((f) => f.code === code)) problem(at, 'automation.unknownField', { code });
  };

  const t = def.trigger;
  if (t.kind === 'record') await checkFields('definition.trigger', t.schemaCode, t.fields ?? []);
  if (t.kind === 'flow' || t.kind === 'form') await checkFields('definition.trigger', t.schemaCode, []);
  if (t.kind === 'date') {
    await checkFields('definition.trigger', t.schemaCode, [t.field]);
    const field = (await fieldsOf(t.schemaCode))?.find((f) => f.code === t.field);
    if (field && !DATE_TYPES.has(field.type)) problem('definition.trigger.field', 'automation.notDateField');
  }
  if (t.kind === 'button') {
    await checkFields('definition.trigger', t.schemaCode, []);
    const known = new Set(await repo.roleKeys(db, engineCode, appCode));
    for (const role of t.roles ?? [])
      if (!known.has(role)) problem('definition.trigger.roles', 'automation.unknownRole');
  }
  if (t.kind === 'schedule') {
    try {
      nextFire(t.cron, (await repo.timeZone(engineCode)) || DEFAULT_TIME_ZONE, Date.now());
    } catch {
      problem('definition.trigger.cron', 'automation.badCron');
    }
  }

  /** Recipients: active members, the app's roles, the team's departments. */
  const checkTargets = async (here: string, step: { members?: string[]; roles?: string[]; departments?: string[] }) => {
    const asked = step.members ?? [];
    const found = await repo.activeMembers(db, engineCode, asked);
    if (found.length !== new Set(asked).size) problem(`${here}.members`, 'automation.unknownMember');
    if (step.roles?.length) {
      const known = new Set(await repo.roleKeys(db, engineCode, appCode));
      if (step.roles.some((r) => !known.has(r))) problem(`${here}.roles`, 'automation.unknownRole');
    }
    if (step.departments?.length) {
      const known = new Set(await repo.departmentIds(db, engineCode));
      if (step.departments.some((d) => !known.has(d))) problem(`${here}.departments`, 'automation.unknownDepartment');
    }
  };

  const ids = new Set<string>();
  const walk = async (steps: AutomationStep[], at: string): Promise<void> => {
    for (const [i, step] of steps.entries()) {
      const here = `${at}.${i}`;
      if (ids.has(step.id)) problem(`${here}.id`, 'automation.duplicateStep', { id: step.id });
      ids.add(step.id);
      switch (step.kind) {
        case 'createRecord':
        case 'updateRecord':
          await checkFields(`${here}.values`, step.schemaCode, Object.keys(step.values));
          break;
        case 'deleteRecord':
          await checkFields(here, step.schemaCode, []);
          break;
        case 'condition':
          await checkFields(here, step.schemaCode, []);
          await walk(step.whenTrue, `${here}.whenTrue`);
          await walk(step.whenFalse ?? [], `${here}.whenFalse`);
          break;
        case 'findRecords':
          await checkFields(
            here,
            step.schemaCode,
            (step.sorts ?? []).map((s) => s.field),
          );
          await walk(step.each ?? [], `${here}.each`);
          break;
        case 'http':
          if (!/^(https?:\/\/|\{\{)/i.test(step.url)) problem(`${here}.url`, 'automation.badUrl');
          break;
        case 'delay':
          if ((step.ms === undefined) === (step.until === undefined)) problem(`${here}`, 'automation.delayNeedsOne');
          break;
        case 'startApproval':
          await checkFields(here, step.schemaCode, []);
          break;
        case 'sendMail':
          await checkTargets(here, step);
          if (!step.memberField && ![step.members, step.roles, step.departments, step.to].some((l) => l?.length))
            problem(here, 'automation.mailNeedsTarget');
          break;
        case 'sendLetter':
          await checkTargets(here, step);
          break;
        case 'wecomRobot':
          if (!robotKey(step.webhook)) problem(`${here}.webhook`, 'automation.badWecomWebhook');
          break;
      }
    }
  };
  await walk(def.steps, 'definition.steps');
  if (problems.length) throw new FieldValidationError(problems);
}
