import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';

const NAME_MAX = 64;

interface Values {
  displayName: string;
  parentCode: string;
}

interface NodeNameDialogProps {
  open: boolean;
  title: string;
  initial: Values;
  /** Groups the item may be placed in; omitted for groups and renames (no choice there). */
  groups?: { code: string; displayName: string }[];
  saving: boolean;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
}

/** Names a new menu item (and picks its group), or renames one. */
export function NodeNameDialog({ open, title, initial, groups, saving, onSubmit, onCancel }: NodeNameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      open={open}
      title={title}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ loading: saving, id: 'node-name-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        preserve={false}
        onFinish={(values) => onSubmit({ ...values, displayName: values.displayName.trim() })}
      >
        <Form.Item
          name="displayName"
          label={t('appNodes.nameLabel')}
          rules={[
            { required: true, whitespace: true, message: t('appNodes.nameRequired') },
            { max: NAME_MAX, message: t('appNodes.nameTooLong', { max: NAME_MAX }) },
          ]}
        >
          <Input
            autoFocus
            maxLength={NAME_MAX}
            // Enter submits here even with the group select beside it (no native implicit submit then).
            onPressEnter={(event) => {
              event.preventDefault();
              form.submit();
            }}
            data-testid="node-name-input"
          />
        </Form.Item>
        {groups && (
          <Form.Item name="parentCode" label={t('appNodes.parentLabel')} style={{ marginBottom: 0 }}>
            <Select
              options={[
                { value: '', label: t('appNodes.topLevel') },
                ...groups.map((g) => ({ value: g.code, label: g.displayName })),
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
