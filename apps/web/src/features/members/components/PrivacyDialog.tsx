import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../api/org-api';
import { useOrgAction } from '../hooks/useOrgAction';

type Item = 'mobile' | 'email';

/** Every member decides whether other members see their mobile and email (managers always do). */
export function PrivacyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { current } = useSession();
  const privacy = useQuery({
    queryKey: orgKeys.privacy(current?.engineCode ?? ''),
    queryFn: orgApi.getPrivacy,
    enabled: open,
  });
  const [items, setItems] = useState<Item[]>([]);
  const save = useOrgAction(orgApi.setPrivacy, t('org.privacySaved'));
  useEffect(() => {
    if (privacy.data) setItems(privacy.data.privacyItems);
  }, [privacy.data]);

  return (
    <Modal
      open={open}
      title={t('org.privacyTitle')}
      onCancel={onClose}
      onOk={() => save.mutate(items, { onSuccess: onClose })}
      okButtonProps={{ loading: save.isPending, disabled: !privacy.data }}
      destroyOnHidden
      width={440}
    >
      <div data-testid="privacy-dialog">
        <Typography.Paragraph type="secondary">{t('org.privacyIntro')}</Typography.Paragraph>
        {privacy.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
        {privacy.isError && <Alert type="error" showIcon title={t('org.loadFailed')} />}
        {privacy.data && (
          <Checkbox.Group<Item> value={items} onChange={setItems}>
            <Flex vertical gap={8}>
              <Checkbox value="mobile" data-testid="privacy-mobile">
                {t('org.hideMobile')}
              </Checkbox>
              <Checkbox value="email" data-testid="privacy-email">
                {t('org.hideEmail')}
              </Checkbox>
            </Flex>
          </Checkbox.Group>
        )}
      </div>
    </Modal>
  );
}
