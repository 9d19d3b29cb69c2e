import {
  ApartmentOutlined,
  AuditOutlined,
  BranchesOutlined,
  EditOutlined,
  SendOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { WorkflowNodeType } from '@canopy/contract';
import type { ReactNode } from 'react';

/**
 * Each node kind's colour and icon, the same on the canvas, the "+" menu and the drawer. A card's
 * title is white on its colour, so each colour reads at 4.5:1 or more against white (WCAG 1.4.3);
 * the kinds keep distinct hues (slate, orange, emerald, blue, purple, green, violet).
 */
export const NODE_VISUALS: Record<WorkflowNodeType, { color: string; icon: ReactNode }> = {
  start: { color: '#576a95', icon: <UserOutlined /> },
  approve: { color: '#c4520a', icon: <AuditOutlined /> },
  fill: { color: '#0a7d56', icon: <EditOutlined /> },
  cc: { color: '#1668dc', icon: <SendOutlined /> },
  action: { color: '#9333ea', icon: <ThunderboltOutlined /> },
  condition: { color: '#15803d', icon: <BranchesOutlined /> },
  parallel: { color: '#5b21b6', icon: <ApartmentOutlined /> },
};
