import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { requestContext } from '../api/request-context';
import { BasicHeader } from '../header/BasicHeader';
import { FullPageLoading } from '../session/FullPageLoading';

/**
 * Pages with the basic header (home, members, to-dos, notices …). The frame fills the viewport and
 * only the content scrolls, so the header and the popups anchored to it never drift apart.
 */
export function BasicLayout() {
  // Outside an app there is no app code and no admin mode (spec §4: cleared on returning home).
  useEffect(() => requestContext.setAppCode(null), []);
  return (
    <Layout style={{ height: '100vh' }}>
      <BasicHeader />
      <Layout.Content style={{ overflowY: 'auto' }} data-testid="page-scroll">
        <Suspense fallback={<FullPageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
