import { useTranslation } from 'react-i18next';

/** "数据 · 修改": the kind of an entry and its verb (the action's last word), or the action's code. */
export function useActionLabel(): (kind: string, action: string) => string {
  const { t, i18n } = useTranslation();
  return (kind, action) => {
    const verb = action.split('.').at(-1) ?? action;
    const kindText = i18n.exists(`applog.kinds.${kind}`) ? t(`applog.kinds.${kind}` as 'applog.kinds.other') : kind;
    const verbText = i18n.exists(`applog.actions.${verb}`)
      ? t(`applog.actions.${verb}` as 'applog.actions.create')
      : verb;
    return `${kindText} · ${verbText}`;
  };
}
