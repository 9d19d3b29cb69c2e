import { Tour, type TourProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localStore, StorageKey } from '../storage/local-store';

/** Header controls the guide points at, by their data-tour attribute. */
const TOUR_TARGETS = ['team', 'tabs', 'todo', 'notice', 'help', 'avatar'] as const;

function target(name: string): () => HTMLElement {
  // A step whose control is hidden (e.g. no team switching) is shown centred instead.
  return () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`) ?? document.body;
}

/** The new-user guide (help menu → 新手引导); finishing or closing it is remembered. */
export function NewUserTour({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const steps: TourProps['steps'] = TOUR_TARGETS.map((name) => ({
    title: t(`guide.${name}Title`),
    description: t(`guide.${name}Body`),
    target: target(name),
  }));
  const done = () => {
    localStore.set(StorageKey.guideDone, '1');
    onClose();
  };
  return <Tour open={open} steps={steps} onClose={done} onFinish={done} />;
}
