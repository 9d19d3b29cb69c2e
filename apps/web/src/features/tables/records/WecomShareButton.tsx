import { WechatWorkOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWeComClient } from '../../../shell/environment/user-agent';
import { useWecomAction } from '../../../shell/environment/useWecomAction';
import { shareToWecom } from '../../../shell/environment/wecom-sdk';

/** Inside the WeCom client: forwards the record's link to a chat through WeCom's JS-SDK. */
export function WecomShareButton({ title, link }: { title: string; link: string }) {
  const { t } = useTranslation();
  const run = useWecomAction();
  const [busy, setBusy] = useState(false);
  if (!isWeComClient()) return null;
  const share = async () => {
    setBusy(true);
    await run(() => shareToWecom({ title, desc: document.title, link }), t('wecom.shared'));
    setBusy(false);
  };
  return (
    <Button icon={<WechatWorkOutlined />} loading={busy} onClick={() => void share()} data-testid="record-wecom-share">
      {t('wecom.share')}
    </Button>
  );
}
