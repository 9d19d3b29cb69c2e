import type { AppItem, AppPermission, FunctionNode, PlacedNode } from '@canopy/contract';
import { createContext, useContext } from 'react';

/** The app the user is working in, with the member's rights on it (spec §3 App, App permission). */
export interface AppWorkspaceContext {
  engineCode: string;
  appCode: string;
  app: AppItem;
  permission: AppPermission;
  /** The menu as the server answers it (spec §3 function nodes with children). Empty while loading. */
  tree: FunctionNode[];
  /** The same items flat, in menu order, each with its group and place. */
  nodes: PlacedNode[];
  nodesLoading: boolean;
  canEdit: boolean;
  /** The app's owner, or a team owner/admin in admin mode: transfer, delete, appoint managers. */
  canOwn: boolean;
  adminMode: boolean;
}

export const AppWorkspaceContext = createContext<AppWorkspaceContext | null>(null);

export function useAppWorkspace(): AppWorkspaceContext {
  const value = useContext(AppWorkspaceContext);
  if (!value) throw new Error('useAppWorkspace must be used inside an app page');
  return value;
}
