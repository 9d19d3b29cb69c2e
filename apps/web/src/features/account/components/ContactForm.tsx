import { accountKind, CodeType } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { maskPhone } from '../../../shell/dialogs/mask-phone';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { type Channel, changeContact, sendCode } from '../api/account-api';
import { CodeField } from './CodeField';

interface ContactValues {
  oldCode?: string;
  target: string;
  code: string;
}
const FIELDS = ['oldCode', 'target', 'code'] as const;

/**
 * Change the mobile or the email: a code to the new one and, when there is a current one, a code
 * to it as well (proof that the account holder agrees).
 */
export function ContactForm({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = channel === 'mobile' ? user.mobile : user.email;
  const codeType = channel === 'mobile' ? CodeType.updateMobile : CodeType.updateEmail;
  const label = channel === 'mobile' ? t('account.mobile') : t('account.email');

  const submit = async (values: ContactValues) => {
    setSaving(true);
    setError(null);
    try {
      const updated = await changeContact(channel, {
        target: values.target.trim(),
        code: values.code,
        oldCode: values.oldCode,
        codeType,
      });
      queryClient.setQueryData(sessionKeys.basicUser, updated);
      message.success(channel === 'mobile' ? t('account.mobileChanged') : t('account.emailChanged'));
      onDone();
    } catch (e) {
      setError(showFormError(form, e, FIELDS, { mobile: 'target', email: 'target' }));
    } finally {
      setSaving(false);
    }
  };

  const targetValid = async () => {
    try {
      await form.validateFields(['target']);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Form<ContactValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setError(null)}
      data-testid={`${channel}-form`}
    >
      {current && (
        <>
          <Typography.Paragraph type="secondary">
            {t('account.currentValue', { label, value: channel === 'mobile' ? maskPhone(current) : current })}
          </Typography.Paragraph>
          <CodeField
            name="oldCode"
            label={t('account.oldCode', { label })}
            send={() => sendCode(channel, current, codeType)}
            onSendResult={(e) => form.setFields([{ name: 'oldCode', errors: e ? [e] : [] }])}
            testId={`${channel}-old-code`}
          />
        </>
      )}
      <Form.Item
        name="target"
        label={t('account.newValue', { label })}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('account.targetRequired', { label }) },
          {
            validator: async (_rule, value: string) => {
              if (accountKind(value.trim()) !== channel) throw new Error(t('account.targetInvalid', { label }));
              if (value.trim().toLowerCase() === current.toLowerCase())
                throw new Error(t('account.targetSame', { label }));
            },
          },
        ]}
      >
        <Input
          inputMode={channel === 'mobile' ? 'tel' : 'email'}
          autoComplete={channel === 'mobile' ? 'tel' : 'email'}
          data-testid={`${channel}-target`}
        />
      </Form.Item>
      <CodeField
        name="code"
        label={t('account.code')}
        before={targetValid}
        send={() => sendCode(channel, String(form.getFieldValue('target') ?? '').trim(), codeType)}
        onSendResult={(e) => form.setFields([{ name: 'code', errors: e ? [e] : [] }])}
        testId={`${channel}-code`}
      />
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={`${channel}-error`} />
      )}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${channel}-submit`}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
