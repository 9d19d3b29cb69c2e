import type { Delegation } from '@canopy/contract';
import { DelegationNoteMax } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Radio, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { delegationApi, delegationKeys } from '../api/delegation-api';
import { DelegateField } from './DelegateField';
import { bodyOf, type DelegationValues, scopeTree, valuesOf } from './delegation-form';

const FORMAT = 'YYYY-MM-DD HH:mm';
/** Server fields → this form's fields. */
const FIELD_MAP = { delegateMemberId: 'delegate', appCodes: 'scopeKeys', workflowCodes: 'scopeKeys' };
const FIELDS = ['delegate', 'startsAt', 'endsAt', 'scopeKeys', 'note'] as const;

/** Sets or changes the member's delegation: the delegate, the period, what it covers, a note. */
export function DelegationForm({ current, onDone }: { current: Delegation | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const engineCode = useSession().current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DelegationValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form);
  const scopes = useQuery({
    queryKey: delegationKeys.scopes(engineCode),
    queryFn: delegationApi.scopes,
    enabled: scope === 'chosen',
  });

  const submit = async (v: DelegationValues) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await delegationApi.set(bodyOf(v));
      queryClient.setQueryData(delegationKeys.mine(engineCode), saved);
      message.success(t('delegation.saved'));
      onDone();
    } catch (e) {
      setError(showFormError(form, e, FIELDS, FIELD_MAP));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<DelegationValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(current)}
      onFinish={(v) => void submit(v)}
      data-testid="delegation-form"
    >
      <Form.Item
        name="delegate"
        label={t('delegation.delegate')}
        rules={[{ required: true, message: t('delegation.delegateRequired') }]}
      >
        <DelegateField />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item
          name="startsAt"
          label={t('delegation.startsAt')}
          rules={[{ required: true, message: t('delegation.startsRequired') }]}
          style={{ flex: '1 1 200px' }}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            style={{ width: '100%' }}
            data-testid="delegation-starts"
          />
        </Form.Item>
        <Form.Item
          name="endsAt"
          label={t('delegation.endsAt')}
          dependencies={['startsAt']}
          rules={[
            { required: true, message: t('delegation.endsRequired') },
            ({ getFieldValue }) => ({
              validator: (_, end?: dayjs.Dayjs) => {
                const start = getFieldValue('startsAt') as dayjs.Dayjs | undefined;
                if (!end || (end.isAfter(dayjs()) && (!start || end.isAfter(start)))) return Promise.resolve();
                return Promise.reject(new Error(t('delegation.endsAfter')));
              },
            }),
          ]}
          style={{ flex: '1 1 200px' }}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            style={{ width: '100%' }}
            data-testid="delegation-ends"
          />
        </Form.Item>
      </Flex>
      <Form.Item name="scope" label={t('delegation.scope')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('delegation.scopeAll') },
            { value: 'chosen', label: t('delegation.scopeChosen') },
          ]}
          data-testid="delegation-scope"
        />
      </Form.Item>
      {scope === 'chosen' && (
        <Form.Item
          name="scopeKeys"
          label={t('delegation.scopeChosen')}
          rules={[{ required: true, message: t('delegation.scopeRequired') }]}
        >
          <TreeSelect
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeData={scopes.data ? scopeTree(scopes.data) : []}
            loading={scopes.isPending}
            placeholder={t('delegation.scopePlaceholder')}
            notFoundContent={t('delegation.scopeNone')}
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            style={{ width: '100%' }}
            data-testid="delegation-scope-keys"
          />
        </Form.Item>
      )}
      <Form.Item name="note" label={t('delegation.note')}>
        <Input.TextArea
          maxLength={DelegationNoteMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('delegation.notePlaceholder')}
          data-testid="delegation-note"
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="delegation-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
