import { PlusOutlined, SafetyOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Department } from '@canopy/contract';
import { Button, Card, Col, Result, Row, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useSession } from '../../../shell/session/session-context';
import { InviteDialog } from '../../invitations/components/InviteDialog';
import { DepartmentTree } from '../components/DepartmentTree';
import { MemberPanel } from '../components/MemberPanel';
import { PrivacyDialog } from '../components/PrivacyDialog';
import { useDepartmentActions } from '../hooks/useDepartmentActions';
import { useDepartmentTree } from '../hooks/useDepartmentTree';

/** /members, the address book tab beside the workbench: departments left, their members right. */
export function MembersPage() {
  const { t } = useTranslation();
  const { isManager } = useSession();
  const tree = useDepartmentTree();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [dialog, setDialog] = useState<'privacy' | 'invite' | null>(null);
  const selected: Department | undefined = (selectedId && tree.byId.get(selectedId)) || tree.root;
  const actions = useDepartmentActions(tree, (parentId) => setSelectedId(parentId));

  return (
    <PageContainer
      title={t('pages.members.title')}
      testId="members-page"
      extra={
        <Space>
          <Button icon={<SafetyOutlined />} onClick={() => setDialog('privacy')} data-testid="privacy-open">
            {t('org.privacyTitle')}
          </Button>
          {isManager && (
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => setDialog('invite')}
              data-testid="members-invite"
            >
              {t('invite.title')}
            </Button>
          )}
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={8} lg={7}>
          <Card
            title={t('org.structure')}
            style={{ marginBottom: 16 }}
            styles={{ body: { padding: 12, maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
            extra={
              isManager &&
              selected && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => actions.onAction('addChild', selected)}
                  data-testid="dept-create"
                >
                  {t('org.newDepartment')}
                </Button>
              )
            }
          >
            {tree.rootLoading && <Skeleton active paragraph={{ rows: 4 }} />}
            {tree.rootError && (
              <Result
                status="warning"
                subTitle={t('org.loadFailed')}
                extra={<Button onClick={tree.retry}>{t('common.retry')}</Button>}
              />
            )}
            <DepartmentTree
              tree={tree}
              selectedId={selected?.objectId}
              onSelect={(d) => setSelectedId(d.objectId)}
              canManage={isManager}
              onAction={actions.onAction}
            />
          </Card>
        </Col>
        <Col xs={24} md={16} lg={17}>
          <MemberPanel department={selected} canManage={isManager} />
        </Col>
      </Row>
      {actions.dialogs}
      <PrivacyDialog open={dialog === 'privacy'} onClose={() => setDialog(null)} />
      {isManager && <InviteDialog open={dialog === 'invite'} onClose={() => setDialog(null)} />}
    </PageContainer>
  );
}
