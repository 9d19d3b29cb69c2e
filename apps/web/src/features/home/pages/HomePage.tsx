import { Col, Flex, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useSession } from '../../../shell/session/session-context';
import { adminModeStore } from '../../apps/hooks/admin-mode-store';
import { AllAppsSection } from '../components/AllAppsSection';
import { HomeHelpPanel } from '../components/HomeHelpPanel';
import { ShortcutsSection } from '../components/ShortcutsSection';
import { TodoPanel } from '../components/TodoPanel';
import { useHomeHelp } from '../hooks/useHomeHelp';

// The operation sub-application: its own chunk, loaded only where it is shown.
const OperationSlot = lazyPart(() => import('../../operation/OperationSlot').then((m) => m.default));

/** The workbench (spec §2 Home): to-do panel left; help, shortcuts and all apps in the centre. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  const help = useHomeHelp();
  const memberId = useSession().current?.memberId;
  // Spec §4: admin mode is cleared on returning to the workbench.
  useEffect(() => {
    if (memberId) adminModeStore.clear(memberId);
  }, [memberId]);
  return (
    <div style={{ maxWidth: 1280, margin: '0 auto', padding: '20px 24px 32px' }} data-testid="home-page">
      {/* The page's h1 for screen readers (the header's tab already shows where one is). */}
      <PageHeading className="canopy-visually-hidden">{t('home.title')}</PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <Flex vertical gap={16}>
            <TodoPanel />
            {help.showOperation && <OperationSlot />}
          </Flex>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Flex vertical gap={16}>
            {help.visible && <HomeHelpPanel onClose={help.close} />}
            <ShortcutsSection />
            <AllAppsSection />
          </Flex>
        </Col>
      </Row>
    </div>
  );
}
