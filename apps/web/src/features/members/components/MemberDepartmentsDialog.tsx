import type { MemberRow } from '@canopy/contract';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from './DepartmentTreeSelect';

interface MemberDepartmentsDialogProps {
  member: MemberRow | null;
  saving: boolean;
  onSubmit: (departmentIds: string[]) => void;
  onCancel: () => void;
}

const MAX_DEPARTMENTS = 20;

/** Move a member: the departments they belong to (the main one stays first when kept). */
export function MemberDepartmentsDialog({ member, saving, onSubmit, onCancel }: MemberDepartmentsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ departmentIds: string[] }>();
  const submit = ({ departmentIds }: { departmentIds: string[] }) => {
    const main = member?.mainDepartmentId;
    // The server makes the first one the main department: keep the current main one first.
    const ordered =
      main && departmentIds.includes(main) ? [main, ...departmentIds.filter((id) => id !== main)] : departmentIds;
    onSubmit(ordered);
  };
  return (
    <Modal
      open={Boolean(member)}
      title={t('org.setDepartmentsTitle', { name: member?.userName ?? '' })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph type="secondary">{t('org.setDepartmentsHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} clearOnDestroy>
        <Form.Item
          name="departmentIds"
          label={t('org.colDepartments')}
          initialValue={member?.departments.map((d) => d.objectId) ?? []}
          rules={[
            { required: true, type: 'array', min: 1, message: t('org.pickDepartment') },
            { type: 'array', max: MAX_DEPARTMENTS, message: t('org.tooManyDepartments', { max: MAX_DEPARTMENTS }) },
          ]}
        >
          <DepartmentTreeSelect multiple known={member?.departments} testId="member-departments-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
