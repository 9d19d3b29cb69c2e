import { APP_NAME_MAX } from '@canopy/contract';
import { Flex, Input, Segmented, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../hooks/app-context';
import { AppColorPicker, AppIconPicker } from '../AppLookPickers';
import type { useAppSettingsActions } from './useAppSettingsActions';

type Update = ReturnType<typeof useAppSettingsActions>['update'];

/** A setting under its caption; the caption names the group (the pickers are sets of buttons). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Flex vertical gap={6} role="group" aria-labelledby={id}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} id={id}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** Name, colour, icon and display mode; each saves as soon as it is changed (name on Enter or blur, Esc undoes). */
export function AppLookForm({ update }: { update: Update }) {
  const { t } = useTranslation();
  const { app } = useAppWorkspace();
  const [name, setName] = useState(app.displayName);
  const [error, setError] = useState<string | null>(null);

  const saveName = () => {
    const next = name.trim();
    if (next === app.displayName) return;
    if (!next) setError(t('apps.nameRequired'));
    else if ([...next].length > APP_NAME_MAX) setError(t('apps.nameTooLong', { max: APP_NAME_MAX }));
    else update.mutate({ displayName: next }, { onError: () => setName(app.displayName) });
  };

  return (
    <Flex vertical gap={14}>
      <Field label={t('appSettings.nameLabel')}>
        <Input
          value={name}
          status={error ? 'error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onBlur={saveName}
          onPressEnter={saveName}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setName(app.displayName);
            setError(null);
          }}
          aria-label={t('appSettings.nameLabel')}
          aria-invalid={error ? true : undefined}
          data-testid="settings-name"
        />
        {error && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {error}
          </Typography.Text>
        )}
      </Field>
      <Field label={t('appSettings.colorLabel')}>
        <AppColorPicker value={app.color} size={22} onChange={(color) => update.mutate({ color })} />
      </Field>
      <Field label={t('appSettings.iconLabel')}>
        <AppIconPicker value={app.icon} color={app.color} size={30} onChange={(icon) => update.mutate({ icon })} />
      </Field>
      <Field label={t('appSettings.modeLabel')}>
        <Segmented
          value={app.displayMode === 'card' ? 'card' : 'list'}
          options={[
            { value: 'list', label: t('appSettings.modeList') },
            { value: 'card', label: t('appSettings.modeCard') },
          ]}
          onChange={(mode) => update.mutate({ displayMode: mode === 'card' ? 'card' : 'list' })}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('appSettings.modeHint')}
        </Typography.Text>
      </Field>
    </Flex>
  );
}
