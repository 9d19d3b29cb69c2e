import { AppstoreAddOutlined, CloudUploadOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { FeatureCode } from '@canopy/contract';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../shell/app/lazy-chunk';
import { useSession } from '../../../shell/session/session-context';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const CreateAppDialog = lazyDialog(() =>
  import('../../apps/components/CreateAppDialog').then((m) => m.CreateAppDialog),
);
const ImportPackageDialog = lazyDialog(() =>
  import('../../apps/components/ImportPackageDialog').then((m) => m.ImportPackageDialog),
);

/**
 * The create-app menu (spec §2 dialogs): blank apps, and zip packages when the team has the feature
 * TemplateInstallByUpload; templates are listed but disabled, saying when they come.
 */
export function CreateAppMenu({ primary = true }: { primary?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'blank' | 'package' | null>(null);
  const { hasFeature } = useSession();
  const packages = hasFeature(FeatureCode.templateInstallByUpload);
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
    ...(packages ? [{ key: 'package', icon: <CloudUploadOutlined />, label: t('apps.importPackage') }] : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => (key === 'blank' || key === 'package') && setOpen(key) }}
        placement="bottomRight"
      >
        <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} data-testid="create-app-menu">
          {t('apps.create')}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <CreateAppDialog open={open === 'blank'} onClose={() => setOpen(null)} />
      <ImportPackageDialog open={open === 'package'} onClose={() => setOpen(null)} />
    </>
  );
}
