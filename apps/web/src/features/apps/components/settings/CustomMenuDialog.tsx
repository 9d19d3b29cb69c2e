import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { type FunctionNode, FunctionNodeType } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Input, Modal, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';
import { nodeIcon } from '../menu/node-visuals';
import {
  type DraftItem,
  draftFromTree,
  hasProblems,
  MENU_NAME_MAX,
  newLink,
  rowProblems,
  shiftRow,
  toMenuEntries,
  updateRow,
} from './menu-draft';

const typeLabel = (type: string, t: TFunction) =>
  type === FunctionNodeType.group ||
  type === FunctionNodeType.schema ||
  type === FunctionNodeType.dashboard ||
  type === FunctionNodeType.userModule
    ? t(`appNodes.types.${type}`)
    : '';

interface RowProps {
  item: DraftItem;
  path: string;
  depth: number;
  isFirst: boolean;
  isLast: boolean;
  showErrors: boolean;
  onChange: (key: string, change: (item: DraftItem) => DraftItem | null) => void;
  onShift: (key: string, by: -1 | 1) => void;
  onAddIn: (group: DraftItem) => void;
}

/** One menu item: its name, its link address (links), shown or hidden for members, order, removal. */
function MenuRow({ item, path, depth, isFirst, isLast, showErrors, onChange, onShift, onAddIn }: RowProps) {
  const { t } = useTranslation();
  const isLink = item.type === FunctionNodeType.link;
  const problems = showErrors ? rowProblems(item) : {};
  const set = (patch: Partial<DraftItem>) => onChange(item.key, (i) => ({ ...i, ...patch }));
  return (
    <Flex
      align="start"
      gap={6}
      style={{ padding: '6px 0', paddingInlineStart: depth * 28, opacity: item.hidden ? 0.6 : 1 }}
      data-testid={`custom-menu-row-${path}`}
    >
      <span style={{ width: 20, lineHeight: '32px', textAlign: 'center', flex: 'none' }}>
        {nodeIcon(item.type, item.tag)}
      </span>
      <Flex vertical style={{ width: 180, flex: 'none' }}>
        <Input
          value={item.displayName}
          placeholder={t('customMenu.namePlaceholder')}
          status={problems.name ? 'error' : undefined}
          onChange={(e) => set({ displayName: e.target.value })}
          aria-label={t('customMenu.namePlaceholder')}
          data-testid="custom-menu-name"
        />
        {problems.name && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {problems.name === 'required'
              ? t('customMenu.nameRequired')
              : t('customMenu.nameTooLong', { max: MENU_NAME_MAX })}
          </Typography.Text>
        )}
      </Flex>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isLink ? (
          <>
            <Input
              value={item.url}
              prefix={<LinkOutlined />}
              placeholder={t('customMenu.urlPlaceholder')}
              status={problems.url ? 'error' : undefined}
              onChange={(e) => set({ url: e.target.value })}
              aria-label={t('appNodes.types.Link')}
              data-testid="custom-menu-url"
            />
            {problems.url && (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="custom-menu-url-error">
                {t('customMenu.urlInvalid')}
              </Typography.Text>
            )}
          </>
        ) : (
          <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
            {typeLabel(item.type, t)}
            {item.hidden && ` · ${t('appNodes.hiddenForMembers')}`}
          </Typography.Text>
        )}
      </div>
      <Flex gap={2} style={{ flex: 'none', width: 136 }}>
        <Tooltip title={item.hidden ? t('customMenu.show') : t('customMenu.hide')}>
          <Button
            type="text"
            icon={item.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-label={item.hidden ? t('customMenu.show') : t('customMenu.hide')}
            aria-pressed={item.hidden}
            onClick={() => set({ hidden: !item.hidden })}
            data-testid="custom-menu-visibility"
          />
        </Tooltip>
        <Button
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={isFirst}
          aria-label={t('customMenu.moveUp')}
          onClick={() => onShift(item.key, -1)}
          data-testid="custom-menu-up"
        />
        <Button
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={isLast}
          aria-label={t('customMenu.moveDown')}
          onClick={() => onShift(item.key, 1)}
          data-testid="custom-menu-down"
        />
        {item.type === FunctionNodeType.group && (
          <Tooltip title={t('customMenu.addLinkIn', { name: item.displayName })}>
            <Button
              type="text"
              icon={<PlusOutlined />}
              aria-label={t('customMenu.addLinkIn', { name: item.displayName })}
              onClick={() => onAddIn(item)}
              data-testid="custom-menu-add-in"
            />
          </Tooltip>
        )}
        {isLink && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('customMenu.removeLink')}
            onClick={() => onChange(item.key, () => null)}
            data-testid="custom-menu-remove"
          />
        )}
      </Flex>
    </Flex>
  );
}

/**
 * 自定义菜单 (spec §6 app settings): the whole menu as members will see it, edited as a draft and
 * saved at once. Tables, dashboards and pages are renamed, hidden and reordered here; links are
 * added and removed. Creating or deleting tables stays in the app's own menu.
 */
export function CustomMenuDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engineCode, appCode, tree } = useAppWorkspace();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftItem[]>(() => draftFromTree(tree));
  const [showErrors, setShowErrors] = useState(false);

  const save = useMutation({
    mutationFn: () => appsApi.saveMenu(appCode, toMenuEntries(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData<FunctionNode[]>(appKeys.nodes(engineCode, appCode), saved);
      message.success(t('customMenu.saved'));
      onClose();
    },
    onError: (error) => message.error(errorText(error)),
  });

  const onChange = (key: string, change: (item: DraftItem) => DraftItem | null) =>
    setDraft((d) => updateRow(d, key, change));
  const onShift = (key: string, by: -1 | 1) => setDraft((d) => shiftRow(d, key, by));
  const onAddIn = (group: DraftItem) =>
    onChange(group.key, (g) => ({ ...g, children: [...g.children, newLink(t('customMenu.newLinkName'))] }));
  const submit = () => {
    setShowErrors(true);
    if (!hasProblems(draft)) save.mutate();
  };

  const rows = draft.flatMap((item, index) => [
    <MenuRow
      key={item.key}
      item={item}
      path={String(index)}
      depth={0}
      isFirst={index === 0}
      isLast={index === draft.length - 1}
      showErrors={showErrors}
      onChange={onChange}
      onShift={onShift}
      onAddIn={onAddIn}
    />,
    ...item.children.map((child, childIndex) => (
      <MenuRow
        key={child.key}
        item={child}
        path={`${index}-${childIndex}`}
        depth={1}
        isFirst={childIndex === 0}
        isLast={childIndex === item.children.length - 1}
        showErrors={showErrors}
        onChange={onChange}
        onShift={onShift}
        onAddIn={onAddIn}
      />
    )),
  ]);

  return (
    <Modal
      open
      title={t('customMenu.title')}
      width={720}
      onCancel={onClose}
      okText={t('customMenu.save')}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ id: 'custom-menu-save' }}
      destroyOnHidden
    >
      <div data-testid="custom-menu-dialog">
        <Typography.Paragraph type="secondary">{t('customMenu.intro')}</Typography.Paragraph>
        <div style={{ maxHeight: '55vh', overflowY: 'auto', paddingInlineEnd: 4 }}>
          {rows.length ? rows : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customMenu.empty')} />}
        </div>
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => setDraft((d) => [...d, newLink(t('customMenu.newLinkName'))])}
          data-testid="custom-menu-add-link"
        >
          {t('customMenu.addLink')}
        </Button>
      </div>
    </Modal>
  );
}
