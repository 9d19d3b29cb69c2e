import { Flex, Result, type ResultProps } from 'antd';
import { ProductLogo } from '../layout/ProductLogo';
import { useDocumentTitle } from '../layout/useDocumentTitle';

interface ErrorPageFrameProps extends Pick<ResultProps, 'status' | 'title' | 'subTitle' | 'extra'> {
  testId: string;
  documentTitle: string;
}

/** A full-page error (spec §2 Error pages): the product mark, then one antd Result. */
export function ErrorPageFrame({ testId, documentTitle, ...result }: ErrorPageFrameProps) {
  useDocumentTitle(documentTitle);
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#fff' }} data-testid={testId}>
      <div style={{ padding: '16px 24px' }}>
        <ProductLogo />
      </div>
      <Flex flex={1} align="center" justify="center" style={{ paddingBottom: 80 }}>
        <Result {...result} />
      </Flex>
    </Flex>
  );
}
