import { StarFilled, StarOutlined } from '@ant-design/icons';
import { type AppItem, Limits } from '@canopy/contract';
import { Button, Tooltip, Typography } from 'antd';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';
import { AppIcon } from '../../apps/components/AppIcon';

export type DropSide = 'before' | 'after';

interface AppCardProps {
  app: AppItem;
  dragging: boolean;
  dropSide: DropSide | null;
  onToggleStar: () => void;
  onShift: (by: -1 | 1) => void;
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  onDragOver: (side: DropSide) => void;
  onDrop: (side: DropSide) => void;
}

const ROLE_KEYS = ['owner', 'manager', 'member', 'teamAdmin'] as const;
type RoleKey = (typeof ROLE_KEYS)[number];
const isRoleKey = (role: string): role is RoleKey => ROLE_KEYS.some((r) => r === role);

function sideOf(event: DragEvent<HTMLLIElement>): DropSide {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left + box.width / 2 ? 'before' : 'after';
}

/** One app on the workbench: icon, colour, name (tooltip when long) and role; drag, star, open. */
export function AppCard(props: AppCardProps) {
  const { app } = props;
  const { t } = useTranslation();
  const role = isRoleKey(app.roleName) ? t(`apps.roles.${app.roleName}`) : '';
  const longName = [...app.displayName].length > Limits.tooltipNameLength;
  const starLabel = app.isStoreUp ? t('apps.unstar') : t('apps.star');
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    props.onShift(event.key === 'ArrowLeft' ? -1 : 1);
  };
  const name = (
    <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="app-card-name">
      {app.displayName}
    </Typography.Text>
  );
  const classes = ['canopy-app-card', props.dragging && 'is-dragging', props.dropSide && `drop-${props.dropSide}`];

  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      draggable
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      onDragOver={(event) => {
        event.preventDefault();
        event.stopPropagation();
        props.onDragOver(sideOf(event));
      }}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        props.onDrop(sideOf(event));
      }}
      data-testid={`app-card-${app.code}`}
      data-app-name={app.displayName}
    >
      <AppLink
        to={`/app/${encodeURIComponent(app.code)}?color=${app.color}`}
        className="canopy-app-card-link"
        draggable={false}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
        aria-label={[app.displayName, role].filter(Boolean).join('，')}
      >
        <AppIcon icon={app.icon} color={app.color} size={40} />
        <span style={{ minWidth: 0, flex: 1 }}>
          {longName ? <Tooltip title={app.displayName}>{name}</Tooltip> : name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="app-card-role">
            {role}
          </Typography.Text>
        </span>
      </AppLink>
      <Tooltip title={starLabel}>
        <Button
          type="text"
          size="small"
          className={`canopy-app-card-star${app.isStoreUp ? ' is-starred' : ''}`}
          icon={app.isStoreUp ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          aria-label={starLabel}
          aria-pressed={app.isStoreUp}
          onClick={props.onToggleStar}
          data-testid="app-card-star"
        />
      </Tooltip>
    </li>
  );
}
