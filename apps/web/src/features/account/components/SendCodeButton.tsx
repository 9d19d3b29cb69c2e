import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useCountdown } from '../../auth/hooks/useCountdown';

interface SendCodeButtonProps {
  /** Sends the code; resolves with the seconds until another may be sent. */
  send: () => Promise<number>;
  /** Checks the target before sending (e.g. the form field); false stops the send. */
  before?: () => Promise<boolean>;
  /** The server's refusal (too soon, daily cap, address taken …), or null when a code went out. */
  onResult: (error: string | null) => void;
  disabled?: boolean;
  testId: string;
}

/** 获取验证码 with the 60 s countdown; a "too soon" refusal starts the countdown the server names. */
export function SendCodeButton({ send, before, onResult, disabled, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const click = async () => {
    if (before && !(await before())) return;
    setSending(true);
    try {
      countdown.start(await send());
      setSentOnce(true);
      onResult(null);
    } catch (error) {
      if (isApiError(error) && error.retryAfter) countdown.start(error.retryAfter);
      onResult(errorText(error));
    } finally {
      setSending(false);
    }
  };

  const waiting = countdown.seconds > 0;
  return (
    <Button
      onClick={() => void click()}
      loading={sending}
      disabled={disabled || waiting}
      data-testid={testId}
      style={{ minWidth: 120 }}
    >
      {waiting
        ? t('account.resendIn', { seconds: countdown.seconds })
        : sentOnce
          ? t('account.resendCode')
          : t('account.sendCode')}
    </Button>
  );
}
