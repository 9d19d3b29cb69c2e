import type { Department } from '@canopy/contract';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from './DepartmentTreeSelect';

interface MoveDepartmentDialogProps {
  department: Department | null;
  saving: boolean;
  onSubmit: (parentId: string) => void;
  onCancel: () => void;
}

/** Move a department under another one (never under itself or its own sub-departments). */
export function MoveDepartmentDialog({ department, saving, onSubmit, onCancel }: MoveDepartmentDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ parentId: string }>();
  return (
    <Modal
      open={Boolean(department)}
      title={t('org.moveTitle', { name: department?.name ?? '' })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('org.moveHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ parentId }) => onSubmit(parentId)}
        clearOnDestroy
      >
        <Form.Item
          name="parentId"
          label={t('org.newParent')}
          initialValue={department?.parentId}
          rules={[{ required: true, message: t('org.pickDepartment') }]}
        >
          <DepartmentTreeSelect excludeId={department?.objectId} testId="move-dept-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
