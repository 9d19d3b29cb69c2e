import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading';
import { useDocumentTitle } from './useDocumentTitle';

interface PageContainerProps {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The frame of a shell page: a title row, then the content, centred with a comfortable width. */
export function PageContainer({ title, extra, children, testId }: PageContainerProps) {
  useDocumentTitle(title);
  return (
    <div style={{ maxWidth: 1280, margin: '0 auto', padding: '20px 24px 32px' }} data-testid={testId}>
      <Flex align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <PageHeading style={{ margin: 0 }}>{title}</PageHeading>
        {extra}
      </Flex>
      {children}
    </div>
  );
}
