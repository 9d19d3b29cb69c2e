import { OnboardingEndpoints, type OnboardingStep, OnboardingSteps } from '@canopy/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tour, type TourProps, Typography } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { onServerChange } from '../api/changes';
import { call } from '../api/client';
import { stepTarget, userIsBusy } from './guide-steps';
import { useOnboarding, useSetOnboarding } from './onboarding-state';

/** Re-renders when the page changes under the guide, so the step finds its control and steps aside for popups. */
function useDomTick(active: boolean): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [active]);
}

/** Rings the control the current step needs, wherever it is on the page; the guide's card points at it. */
function useTargetRing(target: HTMLElement | null): void {
  useEffect(() => {
    target?.classList.add('canopy-guide-target');
    return () => target?.classList.remove('canopy-guide-target');
  }, [target]);
}

/**
 * The new-user guide: create an app, a table, two fields, a record and a flow. It runs while no
 * action is recorded (guide type 'action'); each step advances only when the server finds it done
 * in the team, checked after every change the user makes; skipping or closing is saved per user.
 */
export function NewUserTour() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onboarding = useOnboarding();
  const state = onboarding.data;
  const due = state?.due === true;
  const current = state ? OnboardingSteps.findIndex((s) => !state.steps.includes(s)) : -1;
  const step: OnboardingStep | undefined = current >= 0 ? OnboardingSteps[current] : undefined;
  useDomTick(due);
  // Found again on every render (useDomTick): the control appears and moves as the user navigates.
  const target = due && step ? stepTarget(step) : null;
  useTargetRing(target);

  const setState = useSetOnboarding();
  // Once skipped or finished, an answer to a step check sent before must not reopen the guide.
  const closed = useRef(false);
  const checking = useRef(false);
  const check = useRef<() => void>(() => {});
  check.current = () => {
    if (!due || !step || checking.current) return;
    checking.current = true;
    call(OnboardingEndpoints.step, { body: { userTag: step }, errors: 'silent' })
      .then((next) => {
        if (!closed.current) setState(next);
      })
      .catch(() => {})
      .finally(() => {
        checking.current = false;
      });
  };
  // Once when the step comes up (it may be done already), then after each of the user's changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the step changes
  useEffect(() => check.current(), [step, due]);
  useEffect(() => onServerChange(() => check.current()), []);

  const save = useMutation({
    mutationFn: (action: 'skipped' | 'finished') => {
      closed.current = true;
      return call(OnboardingEndpoints.save, { body: { action } });
    },
    onSuccess: setState,
    onError: () => {
      closed.current = false;
    },
  });

  // Not over team creation (a newcomer has no team to build in yet).
  if (!due || !state || pathname === '/team/create') return null;
  const total = OnboardingSteps.length;
  // The current step points at its control when it is on this page (centred until the user gets there).
  const steps: TourProps['steps'] = [
    ...OnboardingSteps.map((s) => ({
      title: t(`guide.${s}Title`),
      description: t(`guide.${s}Body`),
      target: s === step && target ? () => target : null,
      // Found again on every page change: scrolling to it each time would pull the page from under the user.
      scrollIntoViewOptions: false,
    })),
    { title: t('guide.doneTitle'), description: t('guide.doneBody'), target: null },
  ];
  const index = step ? current : total;
  return (
    <Tour
      open={!userIsBusy() && !(save.isPending || save.isSuccess)}
      current={index}
      steps={steps}
      mask={false}
      type="primary"
      rootClassName={target ? 'canopy-guide' : 'canopy-guide canopy-guide-docked'}
      onClose={() => save.mutate(index === total ? 'finished' : 'skipped')}
      indicatorsRender={(at) =>
        at < total ? (
          <Typography.Text style={{ color: 'inherit' }} data-testid="guide-progress">
            {t('guide.progress', { current: at + 1, total })}
          </Typography.Text>
        ) : null
      }
      actionsRender={(_origin, { current: at }) => (
        <Space>
          {at < total ? (
            <Button size="small" onClick={() => save.mutate('skipped')} data-testid="guide-skip">
              {t('guide.skip')}
            </Button>
          ) : (
            <Button size="small" onClick={() => save.mutate('finished')} data-testid="guide-finish">
              {t('guide.finish')}
            </Button>
          )}
        </Space>
      )}
    />
  );
}
