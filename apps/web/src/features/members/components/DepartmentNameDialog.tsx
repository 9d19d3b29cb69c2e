import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

const NAME_MAX = 64;

interface DepartmentNameDialogProps {
  open: boolean;
  title: string;
  initialName?: string;
  saving: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Name a new department or rename one. */
export function DepartmentNameDialog({
  open,
  title,
  initialName = '',
  saving,
  onSubmit,
  onCancel,
}: DepartmentNameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      width={420}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: initialName }}
        onFinish={({ name }) => {
          if (!saving) onSubmit(name.trim());
        }}
        clearOnDestroy
      >
        <Form.Item
          name="name"
          label={t('org.departmentName')}
          rules={[
            { required: true, whitespace: true, message: t('org.departmentNameRequired') },
            { max: NAME_MAX, message: t('org.departmentNameTooLong', { max: NAME_MAX }) },
          ]}
        >
          {/* Enter submits the form (one field: the browser's implicit submission). */}
          <Input autoFocus data-testid="dept-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
