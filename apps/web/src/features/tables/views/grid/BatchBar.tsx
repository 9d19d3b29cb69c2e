import { DeleteOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { type FieldInfo, PrintLimits, type RecordItem } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';
import { Alert, App, Button, Flex, Form, Modal, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../shell/api/form-errors';
import { printPreviewPath } from '../../../print/print-links';
import { validateRecord } from '../../records/validate';
import type { useRecordWrites } from '../useRecordWrites';

/** The server changes at most this many records in one transaction. */
export const BATCH_LIMIT = 500;

interface Props {
  p: { appCode: string; schemaCode: string };
  selected: RecordItem[];
  /** Fields the member may change on every selected record. */
  editableFields: FieldInfo[];
  canEdit: boolean;
  canDelete: boolean;
  writes: ReturnType<typeof useRecordWrites>;
  onClear: () => void;
}

/** What can be done to the selected rows: print them, change one field to one value, or delete them. */
export function BatchBar({ p, selected, editableFields, canEdit, canDelete, writes, onClear }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const [updating, setUpdating] = useState(false);
  const count = selected.length;
  const tooMany = count > BATCH_LIMIT;

  const remove = () =>
    modal.confirm({
      title: t('views.batchDeleteConfirm', { count }),
      content: t('views.batchDeleteHint'),
      okText: t('tables.delete'),
      okButtonProps: { danger: true, id: 'batch-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const done = await writes.batchDelete(selected);
          message.success(t('views.batchDeleted', { count: done }));
          onClear();
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });

  return (
    <Flex
      align="center"
      gap={12}
      style={{
        padding: '6px 12px',
        marginBottom: 8,
        background: token.colorPrimaryBg,
        borderRadius: token.borderRadius,
      }}
      data-testid="batch-bar"
    >
      <Typography.Text strong>{t('views.selected', { count })}</Typography.Text>
      {tooMany && <Typography.Text type="warning">{t('views.batchLimit', { count: BATCH_LIMIT })}</Typography.Text>}
      <Button
        size="small"
        icon={<PrinterOutlined />}
        disabled={count > PrintLimits.records}
        title={count > PrintLimits.records ? t('print.batchTooMany', { limit: PrintLimits.records }) : undefined}
        onClick={() =>
          navigate(
            printPreviewPath(
              p,
              selected.map((r) => r.id),
            ),
          )
        }
        data-testid="batch-print"
      >
        {t('print.button')}
      </Button>
      {canEdit && (
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={tooMany || !editableFields.length}
          onClick={() => setUpdating(true)}
          data-testid="batch-update"
        >
          {t('views.batchUpdate')}
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={tooMany}
          onClick={remove}
          data-testid="batch-delete"
        >
          {t('views.batchDelete')}
        </Button>
      )}
      <Button size="small" type="link" onClick={onClear} style={{ marginInlineStart: 'auto' }}>
        {t('views.clearSelection')}
      </Button>
      {updating && (
        <BatchUpdateDialog
          rows={selected}
          fields={editableFields}
          writes={writes}
          onClose={(done) => {
            setUpdating(false);
            if (done) onClear();
          }}
        />
      )}
    </Flex>
  );
}

function BatchUpdateDialog({
  rows,
  fields,
  writes,
  onClose,
}: {
  rows: RecordItem[];
  fields: FieldInfo[];
  writes: ReturnType<typeof useRecordWrites>;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState(fields[0]?.code ?? '');
  const [value, setValue] = useState<unknown>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const field = fields.find((f) => f.code === code);
  const Input = field ? FieldWebs[field.type]?.Input : undefined;

  const submit = async () => {
    if (!field) return;
    const checked = validateRecord([field], { [field.code]: value });
    const error = checked.errors[0]?.errors[0];
    if (error) return setProblem(error);
    setBusy(true);
    setProblem('');
    try {
      const done = await writes.batchUpdate(rows, field.code, checked.data[field.code]);
      message.success(t('views.batchUpdated', { count: done }));
      onClose(true);
    } catch (e) {
      // One transaction: nothing was changed, and the reason (a conflict, a bad value) is shown.
      setProblem(errorText(e));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('views.batchUpdateTitle', { count: rows.length })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose(false)}
      okButtonProps={{ id: 'batch-update-ok' }}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item label={t('views.batchField')}>
          <Select
            value={code}
            onChange={(next: string) => {
              setCode(next);
              setValue(null);
            }}
            options={fields.map((f) => ({ value: f.code, label: f.name }))}
            data-testid="batch-field"
          />
        </Form.Item>
        {field && Input && (
          <Form.Item label={t('views.batchValue')} extra={t('views.batchValueEmptyHint')}>
            <div data-testid="batch-value">
              <Input key={field.code} settings={field.settings} value={value} onChange={setValue} />
            </div>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
