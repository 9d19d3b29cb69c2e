import { ExportOutlined } from '@ant-design/icons';
import type { EngineItem } from '@canopy/contract';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamClosing } from '../hooks/useTeamClosing';

/** Where the team's data can be exported (spec §2 export route). */
export const EXPORT_CORP_DATA_PATH = '/expired/engine/export-corp-data';

/**
 * 删除团队 (DESIGN.md): what happens (closed at once, purged after 7 days unless restored), the data
 * export offered first, and the team's name typed to confirm.
 */
export function DeleteTeamDialog({ team, onClose }: { team: EngineItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const closing = useTeamClosing();
  const [typed, setTyped] = useState('');
  const matches = team !== null && typed.trim() === team.corpName;
  const cancel = () => {
    setTyped('');
    closing.setError(null);
    onClose();
  };
  return (
    <Modal
      open={team !== null}
      title={team ? t('teams.deleteTitle', { name: team.corpName }) : ''}
      onCancel={cancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          danger
          type="primary"
          disabled={!matches}
          loading={closing.busy}
          data-testid="delete-team-confirm"
          onClick={() => {
            if (team) void closing.close(team, typed).then((done) => done && onClose());
          }}
        >
          {t('teams.deleteConfirm')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} data-testid="delete-team-dialog">
        <Alert type="warning" showIcon title={t('teams.deleteWarning')} />
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Typography.Text type="secondary">{t('teams.deleteExportHint')}</Typography.Text>
          <Button
            icon={<ExportOutlined />}
            href={EXPORT_CORP_DATA_PATH}
            target="_blank"
            rel="noopener"
            data-testid="delete-team-export"
          >
            {t('teams.deleteExport')}
          </Button>
        </Flex>
        <div>
          <Typography.Text>{team ? t('teams.deleteTypeName', { name: team.corpName }) : ''}</Typography.Text>
          <Input
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              closing.setError(null);
            }}
            placeholder={team?.corpName}
            status={closing.error ? 'error' : undefined}
            style={{ marginTop: 8 }}
            aria-label={t('teams.nameLabel')}
            data-testid="delete-team-name"
          />
          {closing.error && (
            <Typography.Text type="danger" data-testid="delete-team-error">
              {closing.error}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </Modal>
  );
}
