import { AppstoreOutlined, CalendarOutlined, ProjectOutlined, TableOutlined } from '@ant-design/icons';
import type { FieldInfo } from '@canopy/contract';
import type { ReactNode } from 'react';
import type { ViewKind } from '../view-model';

export const KIND_ICONS: Record<ViewKind, ReactNode> = {
  grid: <TableOutlined />,
  kanban: <ProjectOutlined />,
  calendar: <CalendarOutlined />,
  gallery: <AppstoreOutlined />,
};

/** Field types each kind arranges by (grid groups by anything that has one value per row). */
const GROUPABLE: Record<ViewKind, readonly string[]> = {
  grid: ['text', 'singleSelect', 'number', 'money', 'percent', 'date', 'checkbox', 'member', 'department'],
  kanban: ['singleSelect', 'member'],
  calendar: ['date', 'datetime'],
  gallery: ['image'],
};

export function groupableFields(kind: ViewKind, fields: FieldInfo[]): FieldInfo[] {
  return fields.filter((f) => !f.deleted && GROUPABLE[kind].includes(f.type));
}
