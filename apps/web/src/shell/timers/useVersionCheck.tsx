import { Limits, SystemEndpoints } from '@canopy/contract';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { localStore, StorageKey } from '../storage/local-store';
import { useInterval } from './useInterval';

const NOTICE_KEY = 'canopy-new-version';

/**
 * Spec §4: every 30 min ask which web version is deployed. When it is not the one running, offer
 * Ignore or Update for 100 s, and flag storage so the next navigation loads the new build anyway.
 */
export function useVersionCheck(corpId: string | undefined) {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useInterval(() => {
    call(SystemEndpoints.version, { query: { corpId }, errors: 'silent' })
      .then((deployed) => {
        if (!deployed || deployed === __APP_VERSION__) return;
        localStore.set(StorageKey.newVersion, '1');
        notification.info({
          key: NOTICE_KEY,
          title: t('version.title'),
          description: t('version.description'),
          duration: Limits.versionNoticeSeconds,
          props: { 'data-testid': 'new-version-notification' },
          actions: (
            <Space>
              <Button size="small" onClick={() => notification.destroy(NOTICE_KEY)}>
                {t('version.ignore')}
              </Button>
              <Button size="small" type="primary" onClick={() => window.location.reload()}>
                {t('version.update')}
              </Button>
            </Space>
          ),
        });
      })
      .catch(() => {
        // A background check that fails says nothing about versions; the next one will tell.
      });
  }, Limits.versionCheckMs);
}
