import { APP_NAME_MAX } from '@canopy/contract';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/** The app name as the server checks it: not blank after trimming, at most 30 characters. */
export function useAppNameRules(): FormRule[] {
  const { t } = useTranslation();
  return [
    {
      validator: async (_rule, value: unknown) => {
        const name = typeof value === 'string' ? value.trim() : '';
        if (!name) throw new Error(t('apps.nameRequired'));
        if ([...name].length > APP_NAME_MAX) throw new Error(t('apps.nameTooLong', { max: APP_NAME_MAX }));
      },
    },
  ];
}
