import {
  FolderOutlined,
  LayoutOutlined,
  LinkOutlined,
  PieChartOutlined,
  ShareAltOutlined,
  SyncOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { FunctionNodeType, SchemaTag } from '@canopy/contract';
import type { ReactNode } from 'react';

/** The types a member can add to the menu, in the order the "新建" menu lists them. */
export const CREATABLE_TYPES = [
  FunctionNodeType.schema,
  FunctionNodeType.dashboard,
  FunctionNodeType.userModule,
  FunctionNodeType.group,
] as const;
export type CreatableType = (typeof CREATABLE_TYPES)[number];

export function isCreatableType(value: string): value is CreatableType {
  return CREATABLE_TYPES.some((t) => t === value);
}

/** The menu icon of a function node (spec §3: Dashboard, Group, Schema with its tag, UserModule; and links). */
export function nodeIcon(type: string, tag = ''): ReactNode {
  if (type === FunctionNodeType.group) return <FolderOutlined />;
  if (type === FunctionNodeType.dashboard) return <PieChartOutlined />;
  if (type === FunctionNodeType.userModule) return <LayoutOutlined />;
  if (type === FunctionNodeType.link) return <LinkOutlined />;
  if (tag === SchemaTag.shared) return <ShareAltOutlined />;
  if (tag === SchemaTag.sync) return <SyncOutlined />;
  return <TableOutlined />;
}
