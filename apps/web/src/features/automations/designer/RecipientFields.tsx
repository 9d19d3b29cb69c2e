import { fieldType } from '@canopy/fields';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleMatrix } from '../../app-roles/hooks/useRoleMatrix';
import { DepartmentInput, MemberInput } from '../../tables/components/people-services';
import { useDesigner } from './designer-context';
import { triggerTable } from './kinds';

/** Who a letter or mail goes to, as the server takes it (decision 0114): resolved when the step runs. */
export interface Recipients {
  members?: string[];
  roles?: string[];
  departments?: string[];
  memberField?: string;
}

/** Whether any recipient is named (a mail's typed addresses are counted by its form). */
export const hasRecipients = (r: Recipients) =>
  Boolean(r.memberField) || [r.members, r.roles, r.departments].some((l) => l?.length);

/**
 * The app's roles by name; a key no longer among them (a role deleted since) stays, marked, so the
 * designer can take it out (saving refuses it, naming the field).
 */
export function RolesInput({
  id,
  value,
  onChange,
  testId,
}: {
  id: string;
  value: string[];
  onChange: (roles: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const matrix = useRoleMatrix();
  const roles = matrix.data?.roles ?? [];
  const options = roles.map((r) => ({ value: r.key, label: r.name }));
  for (const key of value)
    if (!roles.some((r) => r.key === key) && matrix.data)
      options.push({ value: key, label: t('automations.recipients.deletedRole') });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      loading={matrix.isPending}
      value={value}
      placeholder={matrix.isError ? t('automations.recipients.rolesFailed') : t('automations.recipients.noRoles')}
      status={matrix.isError ? 'error' : undefined}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      notFoundContent={matrix.isPending ? t('automations.recipients.loadingRoles') : undefined}
      data-testid={testId}
    />
  );
}

/**
 * Members, app roles, departments and a member field of the trigger's record: the recipients of a
 * letter and of a mail. `missing` marks the group when nothing is named (the step's own check).
 */
export function RecipientFields<R extends Recipients>({
  value,
  onChange,
  prefix,
  missing,
}: {
  value: R;
  onChange: (next: R) => void;
  /** Test ids and element ids of this step kind: `letter`, `mail`. */
  prefix: string;
  missing?: string;
}) {
  const { t } = useTranslation();
  const { fieldsOf, trigger } = useDesigner();
  const memberFields = fieldsOf(triggerTable(trigger)).filter(
    (f) => !f.deleted && fieldType(f.type)?.references === 'member',
  );
  /** A list emptied is dropped, so the saved step carries only what is named. */
  const set = (key: 'members' | 'roles' | 'departments', list: string[]) => {
    const { [key]: _old, ...rest } = value;
    onChange((list.length ? { ...rest, [key]: list } : rest) as R);
  };
  const status = missing ? ('error' as const) : undefined;
  return (
    <>
      <Form.Item label={t('automations.recipients.members')} validateStatus={status}>
        <MemberInput multiple value={value.members ?? []} onChange={(members) => set('members', members)} />
      </Form.Item>
      <Form.Item
        label={t('automations.recipients.roles')}
        htmlFor={`${prefix}-roles`}
        extra={t('automations.recipients.rolesHint')}
        validateStatus={status}
      >
        <RolesInput
          id={`${prefix}-roles`}
          value={value.roles ?? []}
          onChange={(roles) => set('roles', roles)}
          testId={`${prefix}-roles`}
        />
      </Form.Item>
      <Form.Item
        label={t('automations.recipients.departments')}
        htmlFor={`${prefix}-departments`}
        extra={t('automations.recipients.departmentsHint')}
        validateStatus={status}
      >
        <DepartmentInput
          id={`${prefix}-departments`}
          multiple
          value={value.departments ?? []}
          onChange={(departments) => set('departments', departments)}
        />
      </Form.Item>
      <Form.Item
        label={t('automations.letter.memberField')}
        htmlFor={`${prefix}-member-field`}
        extra={t('automations.letter.memberFieldHint')}
        validateStatus={status}
        help={missing}
      >
        <Select
          id={`${prefix}-member-field`}
          allowClear
          value={value.memberField}
          placeholder={
            memberFields.length ? t('automations.letter.noMemberField') : t('automations.letter.noMemberFields')
          }
          disabled={!memberFields.length}
          onChange={(memberField?: string) => {
            const { memberField: _old, ...rest } = value;
            onChange((memberField ? { ...rest, memberField } : rest) as R);
          }}
          options={memberFields.map((f) => ({ value: f.code, label: f.name }))}
          data-testid={`${prefix}-member-field`}
        />
      </Form.Item>
    </>
  );
}
