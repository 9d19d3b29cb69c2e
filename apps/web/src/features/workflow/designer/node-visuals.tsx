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

/** Each node kind's colour and icon, the same on the canvas, the "+" menu and the drawer. */
export const NODE_VISUALS: Record<WorkflowNodeType, { color: string; icon: ReactNode }> = {
  start: { color: '#576a95', icon: <UserOutlined /> },
  approve: { color: '#ff943e', icon: <AuditOutlined /> },
  fill: { color: '#0e9f6e', icon: <EditOutlined /> },
  cc: { color: '#3296fa', icon: <SendOutlined /> },
  action: { color: '#8b5cf6', icon: <ThunderboltOutlined /> },
  condition: { color: '#15bc83', icon: <BranchesOutlined /> },
  parallel: { color: '#7c3aed', icon: <ApartmentOutlined /> },
};
