import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, ParticipantRule } from '@canopy/contract';
import { Button, Card, Checkbox, Dropdown, Empty, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentInput, MemberInput } from '../../tables/components/people-services';
import { useFlowRoles } from './flow-roles';

type Kind = ParticipantRule['kind'];

interface Props {
  value: ParticipantRule[];
  onChange: (rules: ParticipantRule[]) => void;
  fields: FieldInfo[];
  /** Kinds offered ("chosen by the originator" makes no sense for a notification). */
  kinds: Kind[];
  testId?: string;
}

export const TASK_RULE_KINDS: Kind[] = [
  'members',
  'departments',
  'roles',
  'manager',
  'field',
  'originatorChoice',
  'originator',
];

function blank(kind: Kind): ParticipantRule {
  switch (kind) {
    case 'members':
    case 'departments':
      return { kind, ids: [] };
    case 'roles':
      return { kind, roles: ['manager'] };
    case 'manager':
      return { kind, level: 1 };
    case 'field':
      return { kind, field: '' };
    case 'originatorChoice':
      return { kind, multiple: false };
    case 'originator':
      return { kind };
  }
}

/** Who a node's tasks (or a notification) go to: rules that add up, each with its own editor. */
export function ParticipantsEditor({ value, onChange, fields, kinds, testId = 'wf-participants' }: Props) {
  const { t } = useTranslation();
  const set = (i: number, rule: ParticipantRule | null) =>
    onChange(rule ? value.map((r, j) => (j === i ? rule : r)) : value.filter((_, j) => j !== i));
  const used = new Set(value.map((r) => r.kind));
  const peopleFields = fields.filter((f) => !f.deleted && (f.type === 'member' || f.type === 'department'));

  return (
    <Flex vertical gap={8} data-testid={testId}>
      {value.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('workflow.participants.empty')}
          style={{ margin: 0 }}
        />
      )}
      {value.map((rule, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no ids; their place is their identity
          key={i}
          size="small"
          title={t(`workflow.rule.${rule.kind}`)}
          extra={
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('workflow.participants.remove')}
              onClick={() => set(i, null)}
            />
          }
          data-testid={`wf-rule-${rule.kind}`}
        >
          <RuleEditor rule={rule} onChange={(r) => set(i, r)} peopleFields={peopleFields} />
        </Card>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: kinds.map((k) => ({
            key: k,
            label: t(`workflow.rule.${k}`),
            disabled: used.has(k) && (k === 'originator' || k === 'originatorChoice'),
          })),
          onClick: ({ key }) => {
            const kind = kinds.find((k) => k === key);
            if (kind) onChange([...value, blank(kind)]);
          },
        }}
      >
        <Button type="dashed" icon={<PlusOutlined />} block data-testid={`${testId}-add`}>
          {t('workflow.participants.add')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </Flex>
  );
}

function RuleEditor({
  rule,
  onChange,
  peopleFields,
}: {
  rule: ParticipantRule;
  onChange: (r: ParticipantRule) => void;
  peopleFields: FieldInfo[];
}) {
  const { t } = useTranslation();
  switch (rule.kind) {
    case 'members':
      return <MemberInput multiple value={rule.ids} onChange={(ids) => onChange({ ...rule, ids })} />;
    case 'departments':
      return <DepartmentInput multiple value={rule.ids} onChange={(ids) => onChange({ ...rule, ids })} />;
    case 'roles':
      return <RolesInput value={rule.roles} onChange={(roles) => onChange({ ...rule, roles })} />;
    case 'manager':
      return (
        <Flex align="center" gap={8}>
          <Typography.Text>{t('workflow.participants.managerOf')}</Typography.Text>
          <Select
            style={{ width: 160 }}
            value={rule.level}
            onChange={(level: number) => onChange({ ...rule, level })}
            options={Array.from({ length: 10 }, (_, i) => ({
              value: i + 1,
              label: i === 0 ? t('workflow.rule.directManager') : t('workflow.rule.managerLevel', { level: i + 1 }),
            }))}
            data-testid="wf-rule-manager-level"
          />
        </Flex>
      );
    case 'field':
      return peopleFields.length ? (
        <Select
          style={{ width: '100%' }}
          value={rule.field || undefined}
          placeholder={t('workflow.participants.pickField')}
          onChange={(field: string) => onChange({ ...rule, field })}
          options={peopleFields.map((f) => ({ value: f.code, label: f.name }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('workflow.participants.noPeopleFields')}</Typography.Text>
      );
    case 'originatorChoice':
      return (
        <Checkbox checked={rule.multiple === true} onChange={(e) => onChange({ ...rule, multiple: e.target.checked })}>
          {t('workflow.participants.chooseMultiple')}
        </Checkbox>
      );
    case 'originator':
      return <Typography.Text type="secondary">{t('workflow.participants.originatorHint')}</Typography.Text>;
  }
}

/** Any of the app's roles, and its owner (issue 27): whoever holds one when the step starts. */
function RolesInput({ value, onChange }: { value: string[]; onChange: (roles: string[]) => void }) {
  const { t } = useTranslation();
  const roles = useFlowRoles(value);
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      value={value}
      loading={roles.loading}
      onChange={onChange}
      options={roles.options}
      optionFilterProp="label"
      placeholder={t('workflow.participants.pickRoles')}
      aria-label={t('workflow.rule.roles')}
      status={value.some(roles.deleted) ? 'error' : undefined}
      data-testid="wf-rule-roles"
    />
  );
}
