import { WECOM_MIN_VERSION } from '@canopy/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/form-errors';
import { WecomTooOld } from './wecom-sdk';

/**
 * Runs a WeCom JS-SDK function: a client too old for it gets the spec's alert asking to upgrade
 * (§8), any other failure a message in words.
 */
export function useWecomAction() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return async (action: () => Promise<void>, done?: string) => {
    try {
      await action();
      if (done) message.success(done);
    } catch (e) {
      if (e instanceof WecomTooOld) {
        modal.warning({
          title: t('wecom.tooOldTitle'),
          content: t('wecom.tooOld', { version: e.version, minimum: WECOM_MIN_VERSION }),
          okButtonProps: { id: 'wecom-too-old-ok' },
        });
        return;
      }
      message.error(
        t('wecom.shareFailed', { reason: e instanceof Error && !('errorCode' in e) ? e.message : errorText(e) }),
      );
    }
  };
}
