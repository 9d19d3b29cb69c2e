import { DeleteOutlined, EditOutlined, EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, ViewInfo } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Tabs, Tag, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { tableKeys, tablesApi } from '../../api/tables-api';
import { asViewKind } from '../view-model';
import { viewOf, withheldText } from '../withheld';
import { ViewDialog } from './ViewDialog';
import { KIND_ICONS } from './view-kinds';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  views: ViewInfo[];
  current: ViewInfo;
  designable: boolean;
  onSelect: (code: string) => void;
}

/** The table's saved views as tabs: pick one, create one, rename or delete the open one. */
export function ViewBar({ engineCode, p, fields, views, current, designable, onSelect }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'create' | ViewInfo | null>(null);
  const listKey = tableKeys.views(engineCode, p.appCode, p.schemaCode);
  const manageable = (v: ViewInfo) => v.personal || designable;

  const remove = (view: ViewInfo) =>
    modal.confirm({
      title: t('views.deleteConfirm', { name: view.name }),
      content: t('views.deleteHint'),
      okText: t('views.delete'),
      okButtonProps: { danger: true, id: 'view-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await tablesApi.removeView(p, view.code);
        } catch (error) {
          // The server keeps a table's last public view and says so.
          message.error(errorText(error));
          return;
        }
        const rest = views.filter((v) => v.code !== view.code);
        queryClient.setQueryData<ViewInfo[]>(listKey, rest);
        message.success(t('views.deleted'));
        if (rest[0]) onSelect(rest[0].code);
        await queryClient.invalidateQueries({ queryKey: listKey });
      },
    });

  const label = (v: ViewInfo) => (
    <span data-testid={`view-tab-${v.name}`} data-view-code={v.code}>
      <span style={{ marginInlineEnd: 6 }}>{KIND_ICONS[asViewKind(v.kind)]}</span>
      {v.name}
      {v.personal && (
        <Tag bordered={false} style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
          {t('views.personalTag')}
        </Tag>
      )}
    </span>
  );

  return (
    <>
      {/* The buttons sit beside the strip, not in it: a tab list holds only tabs, and a tab holds no
          other control (WCAG 4.1.2; axe's aria-required-children and nested-interactive). */}
      <Flex align="flex-end" style={{ marginBottom: 12 }}>
        <Tabs
          size="small"
          activeKey={current.code}
          onChange={onSelect}
          items={views.map((v) => ({ key: v.code, label: label(v) }))}
          tabBarStyle={{ marginBottom: 0 }}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="view-bar"
        />
        <Flex
          align="center"
          gap={4}
          style={{ alignSelf: 'stretch', borderBottom: `1px solid ${token.colorBorderSecondary}`, paddingInline: 4 }}
        >
          {manageable(current) && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rename', icon: <EditOutlined />, label: t('views.rename') },
                  { key: 'delete', icon: <DeleteOutlined />, label: t('views.delete'), danger: true },
                ],
                onClick: ({ key }) => {
                  if (key === 'rename') setDialog(current);
                  else remove(current);
                },
              }}
            >
              <Button type="text" size="small" icon={<EllipsisOutlined />} data-testid="view-actions">
                {t('views.viewActions')}
              </Button>
            </Dropdown>
          )}
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDialog('create')}
            data-testid="view-create"
          >
            {t('views.newView')}
          </Button>
        </Flex>
      </Flex>
      {dialog && (
        <ViewDialog
          p={p}
          fields={fields}
          designable={designable}
          view={dialog === 'create' ? undefined : dialog}
          onCancel={() => setDialog(null)}
          onDone={(saved) => {
            const created = dialog === 'create';
            setDialog(null);
            const view = viewOf(saved);
            queryClient.setQueryData<ViewInfo[]>(listKey, (list) =>
              created ? [...(list ?? []), view] : list?.map((v) => (v.code === view.code ? view : v)),
            );
            message.success(created ? t('views.created') : t('views.renamed'));
            const warning = withheldText(saved.withheld, t);
            if (warning) message.warning({ content: warning, duration: 8 });
            if (created) onSelect(saved.code);
          }}
        />
      )}
    </>
  );
}
