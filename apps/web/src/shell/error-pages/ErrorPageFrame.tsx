import { Flex, type ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import { PlainResult, type PlainResultStatus } from '../layout/PlainResult';
import { ProductLogo } from '../layout/ProductLogo';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/** antd's Result with the 403/404/500 illustrations: fetched by the full-page errors that show one. */
const IllustratedResult = lazy(() => import('antd/es/result'));

const ICON_STATUSES: readonly string[] = ['success', 'error', 'info', 'warning'] satisfies PlainResultStatus[];

interface ErrorPageFrameProps extends Pick<ResultProps, 'status' | 'title' | 'subTitle' | 'extra'> {
  testId: string;
  documentTitle: string;
}

/**
 * A full-page error (spec §2 Error pages): the product mark, then one antd Result. An icon status
 * (the route error page, in /home's bundle) needs no illustration, so no chunk to fetch either.
 */
export function ErrorPageFrame({ testId, documentTitle, status, title, ...rest }: ErrorPageFrameProps) {
  useDocumentTitle(documentTitle);
  // The Result's title is the page's one h1 (WCAG 1.3.1), drawn as the Result draws its title.
  const result = { ...rest, title: title && <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{title}</h1> };
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#fff' }} data-testid={testId}>
      <div style={{ padding: '16px 24px' }}>
        <ProductLogo />
      </div>
      <Flex component="main" flex={1} align="center" justify="center" style={{ paddingBottom: 80 }}>
        {status === undefined || ICON_STATUSES.includes(String(status)) ? (
          <PlainResult status={(status ?? 'info') as PlainResultStatus} {...result} />
        ) : (
          <Suspense fallback={null}>
            <IllustratedResult status={status} {...result} />
          </Suspense>
        )}
      </Flex>
    </Flex>
  );
}
