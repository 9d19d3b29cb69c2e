import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { CREATABLE_TYPES, type CreatableType, nodeIcon } from './node-visuals';

const LABEL_KEYS = {
  Schema: 'appNodes.addSchema',
  Dashboard: 'appNodes.addDashboard',
  UserModule: 'appNodes.addPage',
  Group: 'appNodes.addGroup',
} as const;

/** 新建 at the top of the menu: a table, dashboard, custom page or group. */
export function AddNodeButton({ onPick }: { onPick: (type: CreatableType) => void }) {
  const { t } = useTranslation();
  const items = CREATABLE_TYPES.map((type) => ({ key: type, icon: nodeIcon(type), label: t(LABEL_KEYS[type]) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          const type = CREATABLE_TYPES.find((c) => c === key);
          if (type) onPick(type);
        },
      }}
    >
      <Button block type="dashed" icon={<PlusOutlined />} data-testid="add-node">
        {t('appNodes.add')}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
