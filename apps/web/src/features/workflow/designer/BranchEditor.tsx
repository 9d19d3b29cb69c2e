import type { FieldInfo } from '@canopy/contract';
import { Alert, Divider, Flex, Form, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentInput } from '../../tables/components/people-services';
import { FilterPanel } from '../../tables/views/filter/FilterPanel';
import { queryFields } from '../../tables/views/filter-ops';
import { useFlowRoles } from './flow-roles';
import type { Branch } from './flow-tree';

interface Props {
  kind: 'condition' | 'parallel';
  branch: Branch;
  fields: FieldInfo[];
  onChange: (branch: Branch) => void;
}

/**
 * A condition branch's conditions: record conditions with the same filter panel as views, and who
 * the originator is (department, app role). Both must hold. Parallel branches only have a name.
 */
export function BranchEditor({ kind, branch, fields, onChange }: Props) {
  const { t } = useTranslation();
  const known = useMemo(
    () =>
      queryFields(fields, () => false, {
        createdAt: t('views.system.createdAt'),
        modifiedAt: t('views.system.modifiedAt'),
        createdBy: t('views.system.createdBy'),
        modifiedBy: t('views.system.modifiedBy'),
      }),
    [fields, t],
  );
  if (kind === 'parallel')
    return <Typography.Text type="secondary">{t('workflow.branch.parallelHint')}</Typography.Text>;
  if ('isElse' in branch && branch.isElse) return <Alert type="info" showIcon title={t('workflow.branch.elseHint')} />;
  const conditionBranch = branch as Extract<Branch, { isElse?: boolean }>;
  const origin = conditionBranch.originator ?? {};
  const setOrigin = (patch: { departments?: string[]; roles?: string[] }) => {
    const next = { ...origin, ...patch };
    if (!next.departments?.length) delete next.departments;
    if (!next.roles?.length) delete next.roles;
    const { originator: _old, ...rest } = conditionBranch;
    onChange(Object.keys(next).length ? { ...rest, originator: next } : rest);
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t('workflow.branch.recordConditions')}</Typography.Text>
      <FilterPanel
        fields={known}
        filter={conditionBranch.filter}
        delay={0}
        width="100%"
        emptyText={t('workflow.branch.noRecordConditions')}
        onChange={(filter) => onChange({ ...conditionBranch, filter: filter ?? { op: 'and', conditions: [] } })}
      />
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>{t('workflow.branch.originatorConditions')}</Typography.Text>
      <Form layout="vertical" component="div">
        <Form.Item label={t('workflow.branch.originatorDepartments')}>
          <DepartmentInput
            multiple
            value={origin.departments ?? []}
            onChange={(departments) => setOrigin({ departments })}
          />
        </Form.Item>
        <Form.Item label={t('workflow.branch.originatorRoles')}>
          <OriginatorRoles value={origin.roles ?? []} onChange={(roles) => setOrigin({ roles })} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.branch.allMustHold')}
      </Typography.Text>
    </Flex>
  );
}

/** The originator holds one of these: any of the app's roles, or owns the app (issue 27). */
function OriginatorRoles({ value, onChange }: { value: string[]; onChange: (roles: string[]) => void }) {
  const { t } = useTranslation();
  const roles = useFlowRoles(value);
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      loading={roles.loading}
      onChange={onChange}
      options={roles.options}
      optionFilterProp="label"
      placeholder={t('workflow.participants.pickRoles')}
      status={value.some(roles.deleted) ? 'error' : undefined}
      data-testid="wf-branch-roles"
    />
  );
}
