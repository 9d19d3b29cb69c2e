import { AppstoreAddOutlined, CloudUploadOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../shell/app/lazy-chunk';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const CreateAppDialog = lazyDialog(() =>
  import('../../apps/components/CreateAppDialog').then((m) => m.CreateAppDialog),
);

/**
 * The create-app menu (spec §2 dialogs): blank apps now; templates and zip packages are listed
 * but disabled, saying when they come, so nothing pretends to work.
 */
export function CreateAppMenu({ primary = true }: { primary?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const later = (label: string) => (
    <Tooltip title={t('apps.templateLater')} placement="left">
      <span>{label}</span>
    </Tooltip>
  );
  const items: MenuProps['items'] = [
    { key: 'blank', icon: <PlusOutlined />, label: t('apps.createBlank') },
    {
      key: 'template',
      icon: <AppstoreAddOutlined />,
      label: later(t('apps.createFromTemplate')),
      extra: t('apps.comingSoon'),
      disabled: true,
    },
    {
      key: 'package',
      icon: <CloudUploadOutlined />,
      label: later(t('apps.importPackage')),
      extra: t('apps.comingSoon'),
      disabled: true,
    },
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => key === 'blank' && setOpen(true) }}
        placement="bottomRight"
      >
        <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} data-testid="create-app-menu">
          {t('apps.create')}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <CreateAppDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
