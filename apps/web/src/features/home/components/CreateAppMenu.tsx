import { AppstoreAddOutlined, CloudUploadOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { FeatureCode } from '@canopy/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../shell/app/lazy-chunk';
import { useSession } from '../../../shell/session/session-context';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const CreateAppDialog = lazyDialog(() =>
  import('../../apps/components/CreateAppDialog').then((m) => m.CreateAppDialog),
);
const TemplateGalleryDialog = lazyDialog(() =>
  import('../../templates/components/TemplateGalleryDialog').then((m) => m.TemplateGalleryDialog),
);
const ImportPackageDialog = lazyDialog(() =>
  import('../../apps/components/ImportPackageDialog').then((m) => m.ImportPackageDialog),
);

/**
 * The create-app menu (spec §2 dialogs): blank apps, templates (the gallery) when the team has the
 * feature TemplateCenterForAppInstall, and zip packages when it has TemplateInstallByUpload.
 */
export function CreateAppMenu({ primary = true }: { primary?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'blank' | 'template' | 'package' | null>(null);
  const { hasFeature } = useSession();
  const packages = hasFeature(FeatureCode.templateInstallByUpload);
  const templates = hasFeature(FeatureCode.templateCenterForAppInstall);
  const items: MenuProps['items'] = [
    { key: 'blank', icon: <PlusOutlined />, label: t('apps.createBlank') },
    ...(templates ? [{ key: 'template', icon: <AppstoreAddOutlined />, label: t('apps.createFromTemplate') }] : []),
    ...(packages ? [{ key: 'package', icon: <CloudUploadOutlined />, label: t('apps.importPackage') }] : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => (key === 'blank' || key === 'template' || key === 'package') && setOpen(key),
        }}
        placement="bottomRight"
      >
        <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} data-testid="create-app-menu">
          {t('apps.create')}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <CreateAppDialog open={open === 'blank'} onClose={() => setOpen(null)} />
      <TemplateGalleryDialog open={open === 'template'} onClose={() => setOpen(null)} />
      <ImportPackageDialog open={open === 'package'} onClose={() => setOpen(null)} />
    </>
  );
}
