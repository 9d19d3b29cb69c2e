import { VerificationCode } from '@canopy/contract';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';

interface CodeFieldProps {
  name: string;
  label: string;
  send: () => Promise<number>;
  before?: () => Promise<boolean>;
  /** Where the send refusal is shown (the target's field, or this one). */
  onSendResult: (error: string | null) => void;
  extra?: string;
  testId: string;
}

/** A 6-digit code input with its send button beside it. */
export function CodeField({ name, label, send, before, onSendResult, extra, testId }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required extra={extra} htmlFor={`${testId}-input`}>
      <Flex gap={8}>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: true, message: t('account.codeRequired') },
            { pattern: /^\d{6}$/, message: t('account.codeFormat', { digits: VerificationCode.digits }) },
          ]}
        >
          <Input
            id={`${testId}-input`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VerificationCode.digits}
            placeholder={t('account.codePlaceholder', { digits: VerificationCode.digits })}
            data-testid={`${testId}-input`}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <SendCodeButton send={send} before={before} onResult={onSendResult} testId={`${testId}-send`} />
      </Flex>
    </Form.Item>
  );
}
