import type { FieldInfo, FilterCondition, FilterGroup, ParticipantRule, WorkflowNode } from '@canopy/contract';
import { optionsOf } from '@canopy/fields/web/view';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentNames, MemberNames } from '../../tables/components/people-services';
import { useFlowRoles } from './flow-roles';
import type { Branch } from './flow-tree';

/** One participant rule in words: 部门主管（第 2 级）, 成员：张三、李四 … */
export function RuleText({ rule, fields }: { rule: ParticipantRule; fields: FieldInfo[] }): ReactNode {
  const { t } = useTranslation();
  switch (rule.kind) {
    case 'members':
      return rule.ids.length ? <MemberNames ids={rule.ids} /> : t('workflow.rule.members');
    case 'departments':
      return rule.ids.length ? <DepartmentNames ids={rule.ids} /> : t('workflow.rule.departments');
    case 'roles':
      return rule.roles.length ? <RoleNames keys={rule.roles} /> : t('workflow.rule.roles');
    case 'manager':
      return rule.level === 1
        ? t('workflow.rule.directManager')
        : t('workflow.rule.managerLevel', { level: rule.level });
    case 'field':
      return t('workflow.rule.fieldOf', { field: fields.find((f) => f.code === rule.field)?.name ?? rule.field });
    case 'originatorChoice':
      return t('workflow.rule.originatorChoice');
    case 'originator':
      return t('workflow.rule.originator');
  }
}

/** App roles by their names (a role deleted since says so). */
function RoleNames({ keys }: { keys: string[] }) {
  const roles = useFlowRoles();
  return keys.map(roles.labelOf).join('、');
}

function OriginatorRoleText({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  const roles = useFlowRoles();
  return t('workflow.branch.originatorRole', { roles: keys.map(roles.labelOf).join('、') });
}

export function RulesText({ rules, fields }: { rules: ParticipantRule[]; fields: FieldInfo[] }) {
  return (
    <>
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no ids; their place is their identity
        <Fragment key={i}>
          {i > 0 && '；'}
          <RuleText rule={rule} fields={fields} />
        </Fragment>
      ))}
    </>
  );
}

/** A task or copy that goes to nobody yet, or an automatic node that does nothing. */
export function needsSetup(node: WorkflowNode): boolean {
  if (node.type === 'approve' || node.type === 'fill' || node.type === 'cc')
    return node.settings.participants.length === 0;
  if (node.type === 'action') return node.settings.operations.length === 0;
  return false;
}

/** What a card says under its title (a node that still needs setting up shows a placeholder instead). */
export function NodeSummary({ node, fields }: { node: WorkflowNode; fields: FieldInfo[] }): ReactNode {
  const { t } = useTranslation();
  switch (node.type) {
    case 'start':
      return t('workflow.summary.start');
    case 'approve':
    case 'fill': {
      const s = node.settings;
      if (!s.participants.length) return null;
      const mode =
        s.mode === 'percent'
          ? t('workflow.mode.percentShort', { percent: s.percent ?? 50 })
          : t(`workflow.mode.${s.mode}`);
      return (
        <>
          <RulesText rules={s.participants} fields={fields} />
          {s.participants.length > 0 && node.type === 'approve' && ` · ${mode}`}
          {s.deadline && ` · ${t('workflow.deadline.summary')}`}
        </>
      );
    }
    case 'cc':
      return node.settings.participants.length ? (
        <RulesText rules={node.settings.participants} fields={fields} />
      ) : null;
    case 'action':
      return node.settings.operations.length
        ? node.settings.operations.map((o) => t(`workflow.operation.${o.kind}`)).join('、')
        : null;
    default:
      return '';
  }
}

const valueText = (c: FilterCondition, field: FieldInfo | undefined): string => {
  const v = c.value;
  if (v === undefined || v === null) return '';
  const options = field ? optionsOf(field.settings) : [];
  const label = (x: unknown) => options.find((o) => o.id === x)?.label ?? String(x);
  if (Array.isArray(v)) return v.map(label).join('、');
  if (typeof v === 'object') return '';
  return label(v);
};

/** A record condition in words: 金额 大于等于 1000. */
export function conditionText(c: FilterCondition, fields: FieldInfo[], t: TFunction): string {
  const field = fields.find((f) => f.code === c.field);
  const name = field?.name ?? t(`views.system.${c.field}` as 'views.system.createdAt', { defaultValue: c.field });
  return [name, t(`views.op.${c.operator}`), valueText(c, field)].filter(Boolean).join(' ');
}

function filterLines(group: FilterGroup | undefined, fields: FieldInfo[], t: TFunction): string[] {
  if (!group) return [];
  const join = group.op === 'and' ? t('workflow.branch.and') : t('workflow.branch.or');
  const parts = group.conditions.map((c) =>
    'conditions' in c
      ? `（${c.conditions.map((x) => conditionText(x, fields, t)).join(c.op === 'and' ? t('workflow.branch.and') : t('workflow.branch.or'))}）`
      : conditionText(c, fields, t),
  );
  return parts.length ? [parts.join(join)] : [];
}

/** What a branch card says: its conditions, the else branch's rule, or nothing for parallel branches. */
export function BranchSummary({
  kind,
  branch,
  fields,
}: {
  kind: 'condition' | 'parallel';
  branch: Branch;
  fields: FieldInfo[];
}): ReactNode {
  const { t } = useTranslation();
  if (kind === 'parallel') return t('workflow.branch.parallelHint');
  if ('isElse' in branch && branch.isElse) return t('workflow.branch.elseHint');
  const lines = 'filter' in branch ? filterLines(branch.filter, fields, t) : [];
  const origin = 'originator' in branch ? branch.originator : undefined;
  const hasDepartments = Boolean(origin?.departments?.length);
  const roles = origin?.roles?.length ? origin.roles : null;
  if (!lines.length && !hasDepartments && !roles) return null;
  return (
    <>
      {lines.join('')}
      {hasDepartments && (
        <>
          {lines.length > 0 && t('workflow.branch.and')}
          {t('workflow.branch.originatorIn')}
          <DepartmentNames ids={origin?.departments ?? []} />
        </>
      )}
      {roles && (
        <>
          {(lines.length > 0 || hasDepartments) && t('workflow.branch.and')}
          <OriginatorRoleText keys={roles} />
        </>
      )}
    </>
  );
}
