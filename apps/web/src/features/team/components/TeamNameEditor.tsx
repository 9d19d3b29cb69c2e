import { LoadingOutlined } from '@ant-design/icons';
import { Limits } from '@canopy/contract';
import { Input, type InputRef, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamRename } from '../hooks/useTeamRename';

const characters = (text: string) => [...text].length;

interface TeamNameEditorProps {
  corpId: string;
  name: string;
  /** Leaves editing; `savedName` when the rename went through (the page reloads shortly). */
  onDone: (savedName?: string) => void;
}

/**
 * Inline team-name editing (spec §4): blur commits, Enter confirms, Esc cancels. A rule violation
 * keeps the field open with the spec's exact message under it.
 */
export function TeamNameEditor({ corpId, name, onDone }: TeamNameEditorProps) {
  const { t } = useTranslation();
  const { rename, saving } = useTeamRename();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    input.current?.focus({ cursor: 'all' });
  }, []);

  const commit = async () => {
    if (finished.current) return;
    const result = await rename(corpId, name, value);
    if (result.ok) {
      finished.current = true;
      onDone(result.changed ? result.name : undefined);
    } else if (result.error) {
      setError(result.error);
    }
  };

  const cancel = () => {
    finished.current = true;
    onDone();
  };

  return (
    <div style={{ width: '100%', padding: '2px 0' }}>
      <Input
        ref={input}
        size="small"
        value={value}
        aria-label={t('teams.nameLabel')}
        data-testid="team-rename-input"
        status={error ? 'error' : undefined}
        disabled={saving}
        suffix={saving ? <LoadingOutlined /> : undefined}
        count={{ show: true, max: Limits.teamNameMax, strategy: characters }}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            cancel();
          }
        }}
        onBlur={() => void commit()}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }} data-testid="team-rename-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
