import { Limits } from '@canopy/contract';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamRename } from '../../team/hooks/useTeamRename';

const characters = (text: string) => [...text].length;

/** The team name in team settings, with the same rules and outcome as the header's inline editor. */
export function TeamNameField({ corpId, name }: { corpId: string; name: string }) {
  const { t } = useTranslation();
  const { rename, saving } = useTeamRename();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const save = async () => {
    const result = await rename(corpId, name, value);
    if (!result.ok) {
      if (result.error) setError(result.error);
    } else if (result.changed) setDone(true);
  };

  return (
    <div>
      <Flex gap={8} style={{ maxWidth: 480 }}>
        <Input
          value={value}
          aria-label={t('teams.nameLabel')}
          status={error ? 'error' : undefined}
          disabled={saving || done}
          count={{ show: true, max: Limits.teamNameMax, strategy: characters }}
          data-testid="corp-team-name"
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onPressEnter={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setValue(name);
              setError(null);
            }
          }}
        />
        <Button
          type="primary"
          loading={saving}
          disabled={done || value === name}
          onClick={() => void save()}
          data-testid="corp-team-name-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="corp-team-name-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
