import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type RefObject, useEffect, useRef } from 'react';

// Only what the widgets draw, so the dashboard chunk stays small (ECharts is tree-shaken by module).
echarts.use([
  BarChart,
  FunnelChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** One ECharts chart filling its box, following its option and the box's size (a resized widget). */
export function WidgetChart({
  option,
  testId,
  onPick,
  exportRef,
  valueLabels,
}: {
  option: Record<string, unknown>;
  testId?: string;
  /** Whether the option writes the figures on the chart (told to tests and assistive tools alike). */
  valueLabels?: boolean;
  /** A bar, point or slice clicked: its category's index. */
  onPick?: (index: number) => void;
  /** Filled with a function answering the chart as a PNG data URL (export). */
  exportRef?: RefObject<(() => string) | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      if (typeof params.dataIndex === 'number') pick.current?.(params.dataIndex);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Bars and slices grow into place unless the reader asked for less motion (WCAG 2.3.3): a
    // chart that moves under the pointer is also one whose bars a click can miss.
    const animation = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    chart.current?.setOption({ animation, ...option }, { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (!exportRef) return;
    exportRef.current = () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? '';
    return () => {
      exportRef.current = null;
    };
  }, [exportRef]);

  return (
    <div
      ref={box}
      style={{ width: '100%', height: '100%' }}
      data-testid={testId}
      data-value-labels={valueLabels ? 'on' : 'off'}
    />
  );
}
