import type { AppItem } from '@canopy/contract';
import { Flex, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import { AppCard, type DropSide } from './AppCard';

interface AppGroupProps {
  title: string;
  starred: boolean;
  apps: AppItem[];
  /** The app being dragged (from any group), or null. */
  draggingCode: string | null;
  emptyHint: string;
  onToggleStar: (code: string) => void;
  onShift: (code: string, by: -1 | 1) => void;
  onDragStart: (code: string, event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  /** Drop the dragged app into this group before `beforeCode` (null: at the end). */
  onDrop: (starred: boolean, beforeCode: string | null) => void;
}

/** One group of the workbench's apps (starred or not): a grid that accepts dropped apps. */
export function AppGroup(props: AppGroupProps) {
  const { apps, draggingCode } = props;
  const [target, setTarget] = useState<{ code: string | null; side: DropSide } | null>(null);
  const dropAt = (code: string, side: DropSide) => {
    const index = apps.findIndex((a) => a.code === code);
    const before = side === 'before' ? code : (apps[index + 1]?.code ?? null);
    setTarget(null);
    props.onDrop(props.starred, before);
  };
  const active = draggingCode !== null && target !== null;
  const testId = props.starred ? 'app-group-starred' : 'app-group-other';

  return (
    <section aria-label={props.title} data-testid={testId}>
      <Flex align="baseline" gap={8} style={{ marginBottom: 10 }}>
        <Typography.Text strong>{props.title}</Typography.Text>
        <Typography.Text type="secondary">{apps.length}</Typography.Text>
      </Flex>
      <ul
        className={`canopy-app-grid${active ? ' is-drop-target' : ''}`}
        onDragOver={(event) => {
          if (draggingCode === null) return;
          event.preventDefault();
          if (target?.code !== null) setTarget({ code: null, side: 'after' });
        }}
        onDragLeave={(event) => {
          const next = event.relatedTarget;
          if (!(next instanceof Node && event.currentTarget.contains(next))) setTarget(null);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setTarget(null);
          props.onDrop(props.starred, null);
        }}
      >
        {apps.map((app) => (
          <AppCard
            key={app.code}
            app={app}
            dragging={app.code === draggingCode}
            dropSide={
              draggingCode !== null && target?.code === app.code && app.code !== draggingCode ? target.side : null
            }
            onToggleStar={() => props.onToggleStar(app.code)}
            onShift={(by) => props.onShift(app.code, by)}
            onDragStart={(event) => props.onDragStart(app.code, event)}
            onDragEnd={() => {
              setTarget(null);
              props.onDragEnd();
            }}
            onDragOver={(side) => {
              if (draggingCode !== null && (target?.code !== app.code || target.side !== side))
                setTarget({ code: app.code, side });
            }}
            onDrop={(side) => dropAt(app.code, side)}
          />
        ))}
        {apps.length === 0 && <li className="canopy-app-drop-hint">{props.emptyHint}</li>}
      </ul>
    </section>
  );
}
