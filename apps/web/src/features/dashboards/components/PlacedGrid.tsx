import type { WidgetPlace } from '@canopy/contract';
import type { ReactNode } from 'react';
import { GridLayout, type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { GRID_COLUMNS, ROW_HEIGHT } from '../widget-model';

/**
 * The 12-column grid at the width of its box (measured once the box exists, and on every resize),
 * shared by dashboards and custom pages; items move and resize only in design mode, by their title
 * bar (`.widget-drag`) and corner.
 */
export function PlacedGrid<T extends { id: string; place: WidgetPlace }>({
  items,
  designing,
  onLayout,
  children,
  testId,
}: {
  items: T[];
  designing: boolean;
  onLayout: (layout: Layout) => void;
  children: (item: T) => ReactNode;
  testId: string;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  return (
    <div ref={containerRef} data-testid={testId}>
      {mounted && (
        <GridLayout
          width={width}
          layout={items.map((w) => ({ i: w.id, ...w.place, minW: 2, minH: 2 }))}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [16, 16], containerPadding: [0, 0] }}
          dragConfig={{ enabled: designing, handle: '.widget-drag', cancel: '.widget-actions' }}
          resizeConfig={{ enabled: designing }}
          onLayoutChange={onLayout}
        >
          {items.map((w) => (
            <div key={w.id}>{children(w)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
