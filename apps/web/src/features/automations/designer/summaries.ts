import type { AutomationStep, AutomationTrigger } from '@canopy/contract';
import type { TFunction } from 'i18next';
import type { AnyStep } from './step-tree';

type TableName = (code: string) => string;

/** One line under a trigger card: what starts the automation. */
export function triggerSummary(
  tr: AutomationTrigger,
  t: TFunction,
  table: TableName,
  fieldName: (schemaCode: string, code: string) => string = (_s, code) => code,
): string {
  switch (tr.kind) {
    case 'record':
      return (
        t('automations.summary.record', {
          table: table(tr.schemaCode),
          events: tr.events.map((e) => t(`automations.recordEvent.${e}`)).join(t('automations.summary.or')),
        }) +
        (tr.filter?.conditions.length ? t('automations.summary.filtered', { count: tr.filter.conditions.length }) : '')
      );
    case 'flow':
      return t('automations.summary.flow', {
        table: table(tr.schemaCode),
        events: tr.events.map((e) => t(`automations.flowEvent.${e}`)).join(t('automations.summary.or')),
      });
    case 'schedule':
      return t('automations.summary.schedule', { cron: tr.cron });
    case 'webhook':
      return t('automations.summary.webhook');
    case 'button':
      return tr.label ? t('automations.summary.button', { table: table(tr.schemaCode), label: tr.label }) : '';
    case 'form':
      return t('automations.summary.form', { table: table(tr.schemaCode) });
    case 'date':
      return tr.field
        ? t('automations.summary.date', {
            table: table(tr.schemaCode),
            field: fieldName(tr.schemaCode, tr.field),
            amount: tr.amount,
            unit: t(`automations.unit.${tr.unit}`),
            direction: t(`automations.date.${tr.direction}`),
          })
        : '';
    default:
      return t(`automations.trigger.${(tr as { kind: string }).kind}`, { defaultValue: (tr as { kind: string }).kind });
  }
}

/** One or two lines in a step's card; '' when it still needs its settings. */
export function stepSummary(
  step: AnyStep,
  t: TFunction,
  table: TableName,
  readable: (text: string) => string = (x) => x,
): string {
  const s = step as AutomationStep;
  switch (s.kind) {
    case 'createRecord':
      return s.schemaCode
        ? t('automations.summary.create', { table: table(s.schemaCode), count: Object.keys(s.values).length })
        : '';
    case 'updateRecord':
      return s.schemaCode
        ? t('automations.summary.update', { table: table(s.schemaCode), count: Object.keys(s.values).length })
        : '';
    case 'deleteRecord':
      return s.schemaCode ? t('automations.summary.delete', { table: table(s.schemaCode) }) : '';
    case 'sendLetter': {
      const who = [s.members, s.roles, s.departments].some((l) => l?.length) || Boolean(s.memberField);
      return who && s.subject ? t('automations.summary.letter', { subject: readable(s.subject) }) : '';
    }
    case 'sendMail': {
      const who = [s.members, s.roles, s.departments, s.to].some((l) => l?.length) || Boolean(s.memberField);
      return who && s.subject ? t('automations.summary.mail', { subject: readable(s.subject) }) : '';
    }
    case 'startApproval':
      return s.schemaCode && s.recordId ? t('automations.summary.approval', { table: table(s.schemaCode) }) : '';
    case 'code':
      return s.code.trim() ? t('automations.summary.code', { lines: s.code.trim().split('\n').length }) : '';
    case 'wecomRobot':
      return s.webhook && s.content
        ? t(`automations.summary.${s.msgType === 'markdown' ? 'wecomMarkdown' : 'wecomText'}`, {
            content: readable(s.content).slice(0, 40),
          })
        : '';
    case 'http':
      return s.url ? `${s.method} ${readable(s.url)}` : '';
    case 'delay':
      if (s.until !== undefined) return s.until ? t('automations.summary.until', { until: readable(s.until) }) : '';
      return t('automations.summary.delay', { duration: durationText(s.ms ?? 0, t) });
    case 'findRecords':
      return s.schemaCode
        ? t('automations.summary.find', {
            table: table(s.schemaCode),
            limit: s.limit,
            count: s.filter?.conditions.length ?? 0,
          })
        : '';
    case 'condition':
      return s.schemaCode
        ? t('automations.summary.condition', { table: table(s.schemaCode), count: s.filter.conditions.length })
        : '';
    default:
      return t('automations.summary.custom');
  }
}

/** A delay as a person reads it: whole days, else whole hours, else minutes. */
export function durationText(ms: number, t: TFunction): string {
  const [n, unit] =
    ms && ms % 86_400_000 === 0
      ? [ms / 86_400_000, 'days']
      : ms && ms % 3_600_000 === 0
        ? [ms / 3_600_000, 'hours']
        : [Math.round(ms / 60_000), 'minutes'];
  return `${n} ${t(`automations.unit.${unit as 'days' | 'hours' | 'minutes'}`)}`;
}
