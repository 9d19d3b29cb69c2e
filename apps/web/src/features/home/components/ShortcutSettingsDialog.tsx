import {
  DashboardNodeMode,
  isShortcutName,
  readShortcutProperties,
  SHORTCUT_NAME_MAX,
  type Shortcut,
} from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
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
 * A shortcut's name, colour and icon (spec §6): the team owner changes or deletes a team one and
 * locks or unlocks it; a member their private ones; everyone else sees the fields disabled.
 */
export function ShortcutSettingsDialog({
  shortcut,
  teamOwner,
  onClose,
}: {
  shortcut: Shortcut;
  teamOwner: boolean;
  onClose: () => void;
}) {
  const canManage = shortcut.canManage;
  const isLocked = shortcut.mode === DashboardNodeMode.lock;
  const canLock = teamOwner && shortcut.mode !== DashboardNodeMode.private;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [form] = Form.useForm<Values>();
  const look = readShortcutProperties(shortcut.properties);
  const color = Form.useWatch('color', form) ?? look.color ?? 0;
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shortcutKeys.all(engineCode) });

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const data = await shortcutsApi.update(shortcut.code, {
        displayName: values.displayName.trim(),
        // The spec's shape (§3): the look as JSON text.
        properties: JSON.stringify({ color: values.color, icon: values.icon }),
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

  const setLock = async (lock: boolean) => {
    setSaving(true);
    try {
      const data = await shortcutsApi.update(shortcut.code, {
        mode: lock ? DashboardNodeMode.lock : DashboardNodeMode.public,
      });
      queryClient.setQueryData(shortcutKeys.list(engineCode), data);
      message.success(t(lock ? 'shortcuts.locked' : 'shortcuts.unlocked'));
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
        canManage || canLock ? (
          <Space>
            {canLock && (
              <Button
                loading={saving}
                onClick={() => void setLock(!isLocked)}
                data-testid={isLocked ? 'shortcut-unlock' : 'shortcut-lock'}
              >
                {isLocked ? t('shortcuts.unlock') : t('shortcuts.lock')}
              </Button>
            )}
            {canManage && (
              <Button danger onClick={remove} data-testid="shortcut-delete">
                {t('shortcuts.delete')}
              </Button>
            )}
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            {canManage && (
              <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="shortcut-save">
                {t('common.save')}
              </Button>
            )}
          </Space>
        ) : (
          <Button onClick={onClose}>{t('common.close')}</Button>
        )
      }
    >
      {isLocked && <Alert type="info" showIcon title={t('shortcuts.lockedHint')} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canManage}
        initialValues={{
          displayName: shortcut.displayName,
          color: look.color ?? 0,
          icon: look.icon ?? 'appstore',
        }}
        onFinish={save}
      >
        <Form.Item
          name="displayName"
          label={t('shortcuts.name')}
          extra={canManage || isLocked ? undefined : t('shortcuts.nameReadonly')}
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
