import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface SettingRowProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** One line of the security list: what it is, its current value, and what can be done. */
export function SettingRow({ icon, label, value, action, children, testId }: SettingRowProps) {
  return (
    <div style={{ padding: '12px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }} data-testid={testId}>
      <Flex align="center" gap={12}>
        <span style={{ fontSize: 18, color: 'var(--ant-color-text-secondary)', flex: 'none' }}>{icon}</span>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            {value}
          </Typography.Text>
        </Flex>
        {action}
      </Flex>
      {children}
    </div>
  );
}
