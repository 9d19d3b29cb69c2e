import {
  AppstoreOutlined,
  EyeOutlined,
  LockOutlined,
  PlusCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { DashboardNodeMode, DashboardNodeType, Limits, readShortcutProperties, type Shortcut } from '@canopy/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../apps/components/AppIcon';

interface Props {
  shortcut: Shortcut;
  /** The team owner: the card can be dragged. */
  sortable: boolean;
  onOpen: () => void;
  onSettings: () => void;
}

/** One shortcut on the workbench: its colour and icon, name and kind; click to use, drag to reorder. */
export function ShortcutCard({ shortcut, sortable, onOpen, onSettings }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: shortcut.code,
    disabled: !sortable,
  });
  const look = readShortcutProperties(shortcut.properties);
  const quickAdd = shortcut.type === DashboardNodeType.linkQuery;
  const kind =
    shortcut.type === DashboardNodeType.app
      ? { icon: <AppstoreOutlined />, label: t('shortcuts.openApp') }
      : quickAdd
        ? { icon: <PlusCircleOutlined />, label: t('shortcuts.quickAdd') }
        : { icon: <EyeOutlined />, label: t('shortcuts.quickView') };
  const longName = [...shortcut.displayName].length > Limits.tooltipNameLength;
  const name = (
    <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="shortcut-name">
      {shortcut.displayName}
    </Typography.Text>
  );
  return (
    <li
      // The card itself picks up (Space, then arrows); Enter on its button opens the shortcut instead.
      ref={(element) => {
        setNodeRef(element);
        setActivatorNodeRef(element);
      }}
      className={`canopy-app-card canopy-shortcut-card${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid={`shortcut-${shortcut.code}`}
      data-shortcut-name={shortcut.displayName}
      {...(sortable ? attributes : {})}
      {...(sortable ? listeners : {})}
      aria-roledescription={sortable ? t('shortcuts.reorderHint') : undefined}
    >
      <button
        type="button"
        className="canopy-app-card-link canopy-shortcut-open"
        onClick={onOpen}
        aria-label={`${shortcut.displayName}，${kind.label}`}
        data-testid="shortcut-open"
      >
        <AppIcon icon={look.icon ?? 'appstore'} color={look.color ?? 0} size={40} />
        <span style={{ minWidth: 0, flex: 1, textAlign: 'left' }}>
          {longName ? <Tooltip title={shortcut.displayName}>{name}</Tooltip> : name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="shortcut-kind">
            {kind.icon} {kind.label}
            {shortcut.mode === DashboardNodeMode.lock && (
              <span data-testid="shortcut-locked">
                {' · '}
                <LockOutlined /> {t('shortcuts.lockedTag')}
              </span>
            )}
            {shortcut.mode === DashboardNodeMode.private && (
              <span data-testid="shortcut-private">
                {' · '}
                <UserOutlined /> {t('shortcuts.privateTag')}
              </span>
            )}
          </Typography.Text>
        </span>
      </button>
      <Tooltip title={t('shortcuts.settings')}>
        <Button
          type="text"
          size="small"
          className="canopy-app-card-star"
          icon={<SettingOutlined />}
          aria-label={t('shortcuts.settings')}
          onClick={onSettings}
          onPointerDown={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          data-testid="shortcut-settings"
        />
      </Tooltip>
    </li>
  );
}
