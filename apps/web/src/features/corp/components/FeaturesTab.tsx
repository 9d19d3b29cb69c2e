import { FeatureCode } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { orgApi } from '../../members/api/org-api';

const FEATURES = [
  FeatureCode.applog,
  FeatureCode.forbiddenTeamName,
  FeatureCode.forbiddenTeamSwitch,
  FeatureCode.appShare,
  FeatureCode.templatePublish,
  FeatureCode.templateCenterForAppInstall,
  FeatureCode.templateInstallByUpload,
] as const;

/** 功能开关: the team's feature switches; the header and menus follow at once (featureList refetched). */
export function FeaturesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current, features } = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: orgApi.setFeatures,
    onSuccess: async () => {
      message.success(t('corp.featuresSaved'));
      if (current) await queryClient.invalidateQueries({ queryKey: sessionKeys.features(current.engineCode) });
    },
    onError: (e) => {
      message.error(errorText(e));
    },
  });

  const toggle = (code: string, on: boolean) => {
    const next = on ? [...new Set([...features, code])] : features.filter((f) => f !== code);
    save.mutate(next);
  };

  return (
    <Flex vertical data-testid="corp-features-tab" style={{ maxWidth: 720 }}>
      {FEATURES.map((code) => (
        <Flex
          key={code}
          align="center"
          justify="space-between"
          gap={16}
          style={{ padding: '14px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
        >
          <div>
            <Typography.Text strong>{t(`corp.features.${code}.title`)}</Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              {t(`corp.features.${code}.description`)}
            </Typography.Text>
          </div>
          <Switch
            checked={features.includes(code)}
            loading={save.isPending && save.variables?.includes(code) !== features.includes(code)}
            disabled={save.isPending}
            onChange={(on) => toggle(code, on)}
            aria-label={t(`corp.features.${code}.title`)}
            data-testid={`feature-${code}`}
          />
        </Flex>
      ))}
    </Flex>
  );
}
