import { isShortcutName, SHORTCUT_NAME_MAX, type Shortcut } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { AppColorPicker, AppIconPicker } from '../../apps/components/AppLookPickers';
import { shortcutKeys, shortcutsApi } from '../api/shortcuts-api';
import { failureText } from '../hooks/useShortcuts';

interface Values {
  displayName: string;
  color: number;
  icon: string;
}

/**
 * A shortcut's name, colour and icon (spec §6): the team owner changes or deletes it; everyone else
 * sees the fields disabled.
 */
export function ShortcutSettingsDialog({
  shortcut,
  canManage,
  onClose,
}: {
  shortcut: Shortcut;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [form] = Form.useForm<Values>();
  const color = Form.useWatch('color', form) ?? shortcut.properties.color ?? 0;
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shortcutKeys.all(engineCode) });

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const data = await shortcutsApi.update(shortcut.code, {
        displayName: values.displayName.trim(),
        properties: { color: values.color, icon: values.icon },
      });
      queryClient.setQueryData(shortcutKeys.list(engineCode), data);
      message.success(t('shortcuts.updated'));
      onClose();
    } catch (error) {
      message.error(failureText(t('shortcuts.updateFailed'), error));
    } finally {
      setSaving(false);
    }
  };

  const remove = () =>
    modal.confirm({
      title: t('shortcuts.deleteConfirm', { name: shortcut.displayName }),
      content: t('shortcuts.deleteConfirmHint'),
      okText: t('shortcuts.delete'),
      okButtonProps: { danger: true, 'data-testid': 'shortcut-delete-confirm' },
      onOk: async () => {
        try {
          const data = await shortcutsApi.remove(shortcut.code);
          queryClient.setQueryData(shortcutKeys.list(engineCode), data);
          void refresh();
          message.success(t('shortcuts.deleted'));
          onClose();
        } catch (error) {
          message.error(failureText(t('shortcuts.deleteFailed'), error));
        }
      },
    });

  return (
    <Modal
      open
      title={canManage ? t('shortcuts.editTitle') : t('shortcuts.detailTitle')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="shortcut-settings-dialog"
      footer={
        canManage ? (
          <Space>
            <Button danger onClick={remove} data-testid="shortcut-delete">
              {t('shortcuts.delete')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="shortcut-save">
              {t('common.save')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('common.close')}</Button>
        )
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canManage}
        initialValues={{
          displayName: shortcut.displayName,
          color: shortcut.properties.color ?? 0,
          icon: shortcut.properties.icon ?? 'appstore',
        }}
        onFinish={save}
      >
        <Form.Item
          name="displayName"
          label={t('shortcuts.name')}
          extra={canManage ? undefined : t('shortcuts.nameReadonly')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isShortcutName(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('shortcuts.nameRule'))),
            },
          ]}
        >
          <Input maxLength={SHORTCUT_NAME_MAX + 8} data-testid="shortcut-name-input" />
        </Form.Item>
        <Form.Item name="color" label={t('shortcuts.color')}>
          <AppColorPicker disabled={!canManage} />
        </Form.Item>
        <Form.Item name="icon" label={t('shortcuts.icon')}>
          <AppIconPicker color={color} disabled={!canManage} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
