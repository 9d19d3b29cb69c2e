import { Limits } from '@canopy/contract';
import { Button, Flex, Modal, Space } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllTexts } from '../i18n/i18n';
import { PlainResult } from '../layout/PlainResult';
import { ChunkTimeoutError, chunkTimeout } from './chunk-timeout';

// biome-ignore lint/suspicious/noExplicitAny: a part's props are checked where it is declared (lazyPart<P>).
type AnyComponent = ComponentType<any>;
type Loader<C extends AnyComponent = ComponentType> = () => Promise<C>;

/** One lazily loaded part: loads on demand, remembers the component once it has arrived. */
interface Chunk<C extends AnyComponent = ComponentType> {
  loaded: C | null;
  load(): Promise<C>;
}

/**
 * A page or dialog's code with the texts beyond /home's (i18n.ts `loadAllTexts`), fetched together;
 * the parts of /home itself take only their code.
 */
function withTexts<T>(load: () => Promise<T>, allTexts: boolean): Promise<T> {
  if (!allTexts) return load();
  return Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}

function chunk<C extends AnyComponent>(load: Loader<C>, allTexts: boolean): Chunk<C> {
  const c: Chunk<C> = {
    loaded: null,
    async load() {
      // Spec §8/§9: a part that has not arrived after 120 s is an error (the user may retry).
      const Component = await chunkTimeout(withTexts(load, allTexts), Limits.subAppChunkTimeoutMs);
      c.loaded = Component;
      return Component;
    },
  };
  return c;
}

type GateState = { kind: 'loading' } | { kind: 'failed'; error: unknown };

/**
 * Renders a chunk's component once it is there; until then the fallback, or, when loading failed or
 * timed out, an error with a retry that imports it again.
 */
function ChunkGate({
  part,
  initialError,
  fallback,
  compact,
  props = {},
}: {
  part: Chunk<AnyComponent>;
  initialError?: unknown;
  fallback: ReactNode;
  compact: boolean;
  props?: object;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>(
    initialError === undefined ? { kind: 'loading' } : { kind: 'failed', error: initialError },
  );
  const [, setLoadedAt] = useState(0);

  useEffect(() => {
    if (part.loaded || state.kind !== 'loading') return;
    let alive = true;
    part.load().then(
      () => alive && setLoadedAt(Date.now()),
      (error: unknown) => alive && setState({ kind: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [part, state]);

  if (part.loaded) {
    const Component = part.loaded;
    return <Component {...props} />;
  }
  if (state.kind === 'loading') return fallback;
  const timedOut = state.error instanceof ChunkTimeoutError;
  return (
    <Flex align="center" justify="center" style={compact ? undefined : { minHeight: '60vh' }}>
      <PlainResult
        data-testid="chunk-load-failed"
        status="error"
        title={t('errors.chunkFailedTitle')}
        subTitle={timedOut ? t('errors.chunkTimeout') : t('errors.chunkFailed')}
        extra={
          <Space>
            <Button type="primary" data-testid="chunk-retry" onClick={() => setState({ kind: 'loading' })}>
              {t('common.retry')}
            </Button>
            {!compact && <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>}
          </Space>
        }
      />
    </Flex>
  );
}

/**
 * A route's page, fetched the first time the route is visited (react-router `lazy`: the current
 * page stays while it loads). When it fails or times out the route shows the error and a retry.
 * `allTexts: false` only for /home, whose texts are bundled with the shell.
 */
export function lazyRoute(load: Loader, allTexts = true): () => Promise<{ Component: ComponentType }> {
  const part = chunk(load, allTexts);
  return async () => {
    try {
      return { Component: await part.load() };
    } catch (error) {
      return {
        Component: function ChunkRoute() {
          return <ChunkGate part={part} initialError={error} fallback={null} compact={false} />;
        },
      };
    }
  };
}

/**
 * A part inside a page, in its own chunk, given its props: the fallback while it loads, an error with
 * retry if it does not. Parts of /home (the news, the guide) use the shell's texts only, so they fetch
 * no other texts; other pages' parts load after the page, whose texts are all there.
 */
export function lazyPart<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const part = chunk(load, false);
  return function LazyPart(props: P) {
    return <ChunkGate part={part} fallback={fallback} compact props={props} />;
  };
}

/**
 * A dialog in its own chunk, given its props. It is fetched when first opened (`open` true, or
 * rendered without `open`), shows nothing until it has arrived (usually at once) and stays mounted
 * afterwards, so it closes with its animation. When the chunk fails or times out, a dialog says so
 * with a retry.
 */
export function lazyDialog<P extends { open?: boolean; onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyDialog(props: P) {
    const { t } = useTranslation();
    const [error, setError] = useState<unknown>(null);
    const [, setArrived] = useState(false);
    const wanted = props.open !== false;
    useEffect(() => {
      if (loaded || error !== null || !wanted) return;
      let alive = true;
      chunkTimeout(withTexts(load, true), Limits.subAppChunkTimeoutMs).then(
        (Component) => {
          loaded = Component;
          if (alive) setArrived(true);
        },
        (failure: unknown) => alive && setError(failure),
      );
      return () => {
        alive = false;
      };
    }, [error, wanted]);
    if (loaded) {
      const Component = loaded;
      return <Component {...props} />;
    }
    if (error === null || !wanted) return null;
    return (
      <Modal
        open
        data-testid="chunk-load-failed"
        title={t('errors.chunkFailedTitle')}
        okText={t('common.retry')}
        onOk={() => setError(null)}
        onCancel={props.onClose}
      >
        {error instanceof ChunkTimeoutError ? t('errors.chunkTimeout') : t('errors.chunkFailed')}
      </Modal>
    );
  };
}
