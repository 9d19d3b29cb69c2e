import type { FieldInfo } from '@canopy/contract';
import { FieldTypes } from '@canopy/fields';
import { FIELD_GROUPS, fieldTypeLabel, typesInGroup } from '@canopy/fields/web';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, List, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { tablesApi } from '../api/tables-api';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  field: FieldInfo;
  onClose: () => void;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Change a field's type: what converts is kept; rows that would lose their value are listed before forcing. */
export function TypeChangeDialog({ p, tableKey, field, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [type, setType] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [lost, setLost] = useState<{ rows: { id: string; value: unknown }[]; count: number } | null>(null);

  const apply = async (force: boolean) => {
    setBusy(true);
    setError('');
    try {
      const result = await tablesApi.changeType(p, field.code, {
        type,
        settings: { ...(FieldTypes[type]?.defaultSettings ?? {}) },
        force,
      });
      if (!result.applied) {
        setLost({ rows: result.lostRows, count: result.lostCount });
        return;
      }
      message.success(t('tables.typeChanged', { count: result.converted }));
      await queryClient.invalidateQueries({ queryKey: tableKey });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('tables.changeTypeTitle', { name: field.name })}
      onCancel={onClose}
      okText={lost ? t('tables.forceChange') : t('tables.changeType')}
      okButtonProps={{ danger: Boolean(lost), disabled: !type, loading: busy }}
      onOk={() => apply(Boolean(lost))}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item label={t('tables.newType')}>
          <Select
            value={type || undefined}
            onChange={(v: string) => {
              setType(v);
              setLost(null);
            }}
            options={FIELD_GROUPS.filter((g) => g !== 'system').map((g) => ({
              label: t(`tables.groups.${g}`),
              title: g,
              options: typesInGroup(g)
                .filter((x) => x !== field.type && !FieldTypes[x]?.system)
                .map((x) => ({ value: x, label: fieldTypeLabel(x) })),
            }))}
          />
        </Form.Item>
      </Form>
      {lost && (
        <Alert
          type="warning"
          showIcon
          title={t('tables.lostTitle', { count: lost.count })}
          description={
            <>
              <Typography.Paragraph>{t('tables.lostHint')}</Typography.Paragraph>
              <List
                size="small"
                data-testid="lost-rows"
                dataSource={lost.rows}
                renderItem={(r) => <List.Item>{show(r.value)}</List.Item>}
              />
            </>
          }
        />
      )}
    </Modal>
  );
}
