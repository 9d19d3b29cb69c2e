import { APP_NAME_MAX, Limits } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../api/apps-api';
import { useDebouncedCallback } from '../hooks/useDebouncedCallback';
import { AppIcon } from './AppIcon';
import { AppColorPicker, AppIconPicker } from './AppLookPickers';
import { useAppNameRules } from './app-name-rules';
import { DEFAULT_APP_ICON } from './app-visuals';

interface Values {
  displayName: string;
  color: number;
  icon: string;
  /** Grant the new app's 成员 role to everyone in the team (issue 27); else to no one yet. */
  grantEveryone: boolean;
}

/** 新建空白应用: name, colour, icon and who may use it; then the new app opens. */
export function CreateAppDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const { current } = useSession();
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const color = Form.useWatch('color', form) ?? 0;
  const icon = Form.useWatch('icon', form) ?? DEFAULT_APP_ICON;
  const name = Form.useWatch('displayName', form) ?? '';

  const nameRules = useAppNameRules();
  const create = useMutation({ mutationFn: appsApi.create });

  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const values = await form.validateFields();
      const app = await create.mutateAsync({ ...values, displayName: values.displayName.trim() });
      message.success(t('apps.created'));
      if (current) await queryClient.invalidateQueries({ queryKey: appKeys.list(current.engineCode) });
      onClose();
      navigate(`/app/${encodeURIComponent(app.code)}`);
    } catch (error) {
      // Validation errors are already on the form; a server answer goes on the field or in a toast.
      if (!(error && typeof error === 'object' && 'errorFields' in error)) {
        const rest = showFormError(form, error, ['displayName']);
        if (rest) message.error(rest);
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };
  const debounced = useDebouncedCallback(() => void run(), Limits.appCreateDebounceMs);
  const submit = () => {
    setSubmitting(true);
    debounced();
  };

  return (
    <Modal
      open={open}
      title={t('apps.createTitle')}
      okText={t('apps.createSubmit')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: submitting, id: 'create-app-submit' }}
      destroyOnHidden
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ displayName: '', color: 0, icon: DEFAULT_APP_ICON, grantEveryone: false }}
        onFinish={submit}
        data-testid="create-app-form"
        preserve={false}
      >
        <Flex align="center" gap={12} style={{ marginBottom: 20 }}>
          <AppIcon icon={icon} color={color} size={48} />
          <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
            {name.trim() || t('apps.preview')}
          </Typography.Text>
        </Flex>
        <Form.Item name="displayName" label={t('apps.nameLabel')} rules={nameRules}>
          <Input
            autoFocus
            placeholder={t('apps.namePlaceholder')}
            maxLength={APP_NAME_MAX + 10}
            showCount={{ formatter: ({ value }) => `${[...value].length} / ${APP_NAME_MAX}` }}
            data-testid="create-app-name"
          />
        </Form.Item>
        <Form.Item name="color" label={t('apps.colorLabel')}>
          <AppColorPicker />
        </Form.Item>
        <Form.Item name="icon" label={t('apps.iconLabel')}>
          <AppIconPicker color={color} />
        </Form.Item>
        <Form.Item name="grantEveryone" label={t('apps.audienceLabel')} style={{ marginBottom: 0 }}>
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: false, label: t('apps.audienceNobody') },
              { value: true, label: t('apps.audienceEveryone') },
            ]}
            data-testid="create-app-audience"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
