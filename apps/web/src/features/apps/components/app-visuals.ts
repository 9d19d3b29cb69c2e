import {
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  BuildOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  InboxOutlined,
  LaptopOutlined,
  ProjectOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { APP_COLORS, APP_ICONS } from '@canopy/contract';
import type { ComponentType } from 'react';

/** The antd icon behind each of the contract's app icon names. */
const ICONS: Record<string, ComponentType> = {
  appstore: AppstoreOutlined,
  database: DatabaseOutlined,
  team: TeamOutlined,
  shop: ShopOutlined,
  schedule: ScheduleOutlined,
  'file-text': FileTextOutlined,
  project: ProjectOutlined,
  rocket: RocketOutlined,
  car: CarOutlined,
  dollar: DollarOutlined,
  audit: AuditOutlined,
  calendar: CalendarOutlined,
  solution: SolutionOutlined,
  'clock-circle': ClockCircleOutlined,
  tool: ToolOutlined,
  'customer-service': CustomerServiceOutlined,
  inbox: InboxOutlined,
  safety: SafetyCertificateOutlined,
  build: BuildOutlined,
  book: BookOutlined,
  'shopping-cart': ShoppingCartOutlined,
  laptop: LaptopOutlined,
  wallet: WalletOutlined,
};

export const DEFAULT_APP_ICON = APP_ICONS[0] ?? 'appstore';

export function appIconComponent(icon: string): ComponentType {
  return ICONS[icon] ?? AppstoreOutlined;
}

/** An app's theme colour by index (spec §3 App.color); unknown indexes fall back to the first. */
export function appColorHex(color: number | string | null | undefined): string {
  const index = Number(color);
  const fallback = APP_COLORS[0] ?? '#0e9f6e';
  if (color === null || color === undefined || color === '' || !Number.isInteger(index) || index < 0) return fallback;
  return APP_COLORS[index] ?? fallback;
}
