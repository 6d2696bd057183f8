import {
  Component,
  lazy,
  useEffect,
  useLayoutEffect,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/error-state';
import { hideLoader, showLoader } from '../lib/loader';

/** Script chunk load time-out of spec section 9. */
export const chunkTimeoutMs = 120_000;

/** A route chunk that did not arrive: `timedOut` tells a slow network from a failed one. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(timedOut ? 'Page chunk load timed out' : 'Page chunk failed to load', options);
  }
}

/** Resolves with the import, or rejects with a ChunkLoadError on failure or after `timeoutMs`. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, { cause }));
      },
    );
  });
}

export interface RetryableLazy<
  Props,
  Module extends { default: ComponentType<Props> } = { default: ComponentType<Props> },
> {
  /** The current component: the lazy one, or the component itself once its chunk is in. */
  current(): ComponentType<Props>;
  /**
   * Imports the chunk ahead of rendering (the boot does, for the first page) and answers its module.
   * Once it is in, current() is the component itself, which renders without suspending: a lazy
   * component suspends on its first render even when its chunk is already there.
   */
  preload(): Promise<Module>;
  /** Drops a failed import so the next render imports again (React.lazy caches failures). */
  reset(): void;
}

/** React.lazy with the chunk time-out and the ability to retry a failed import. */
export function retryableLazy<
  Props extends object,
  Module extends { default: ComponentType<Props> } = { default: ComponentType<Props> },
>(load: () => Promise<Module>, timeoutMs: number = chunkTimeoutMs): RetryableLazy<Props, Module> {
  let loaded: ComponentType<Props> | null = null;
  const loadAndKeep = () =>
    loadWithTimeout(load, timeoutMs).then((module) => {
      loaded = module.default;
      return module;
    });
  const create = () => lazy(loadAndKeep);
  let component = create();
  return {
    current: () => loaded ?? component,
    preload: loadAndKeep,
    reset: () => {
      component = create();
    },
  };
}

/** Suspense fallback of a route: shows the page loader while the chunk arrives. */
export function PageFallback() {
  useLayoutEffect(() => {
    showLoader();
    return hideLoader;
  }, []);
  return <div className="page page--pending" aria-hidden="true" />;
}

function PageErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(hideLoader, []);
  const messageKey =
    error instanceof ChunkLoadError
      ? error.timedOut
        ? 'errors.pageLoadSlow'
        : 'errors.networkAbnormal'
      : 'errors.unknown';
  return (
    <div className="page page--centered">
      <ErrorState message={t(messageKey)} onRetry={onRetry} />
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a route's load or render failure and offers a retry instead of a blank screen. */
export class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadError))
      console.error('Page failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <PageErrorState error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
