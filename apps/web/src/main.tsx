import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createPages, pageLoaders, type PageBoot } from './app/route-page';
import { prefetchRealityCheck } from './app/layout/reality-check-mount';
import { createAppRouter } from './app/router';
import { findRoute } from './app/routes';
import { systemQueries } from './features/system';
import { createI18n, loadErrorTexts } from './i18n';
import { createApiClient } from './lib/api';
import './styles/index.css';

/** The longest the first render waits for the first page's own data, chunks and pictures. */
const firstViewWaitMs = 1_500;
/** The longest the error texts wait for the browser to be idle after the first render. */
const errorTextsIdleWaitMs = 2_000;

/** Runs work once the browser is idle (no requestIdleCallback in older Safari: soon after instead). */
function whenIdle(work: () => void, timeoutMs: number): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 0);
}

/**
 * The boot starts everything the first page needs at once: the page's chunk (and, through its
 * `prefetch`, its data, lower chunks and strings), the system status, the white-label settings and the
 * permissions, and the stored language's dictionary. Before, each waited for the component that asked
 * for it to mount, one round trip after another.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const api = createApiClient();
  const queryClient = createQueryClient();
  // prefetchQuery never throws: a failed read is left to the component that shows it.
  const status = queryClient.prefetchQuery(systemQueries.status(api));
  void queryClient.prefetchQuery(systemQueries.whitelabel(api));
  void queryClient.prefetchQuery(systemQueries.permission(api));
  // The stored language's dictionary loads before first render, so the page never flips language.
  const i18nReady = createI18n();
  const boot: PageBoot = {
    queryClient,
    api,
    loadNamespaces: (namespaces) =>
      i18nReady.then((i18n) => i18n.loadNamespaces(namespaces)).catch(() => undefined),
  };
  // The first page's chunk, loaded into the router's page so it renders without suspending, then its
  // prefetch. A failure here is ignored: the route's own import reports it with the retry state.
  const pages = createPages(pageLoaders);
  const firstPage = findRoute(window.location.pathname).page;
  const pageReady = pages[firstPage]
    .preload()
    .then((page) => page.prefetch?.(boot))
    .catch(() => undefined);
  // A player's every page: the reality check and the last-login notice it shows after a login.
  const playerReady = prefetchRealityCheck(boot);
  // Building the router ranks every route (about 130 ms on a 4x throttled phone): done while the boot
  // waits for the network, not between the status's arrival and the first render. After a macrotask,
  // so the first page's prefetch (a promise callback) has sent its requests before.
  const routerReady = new Promise((resolve) => setTimeout(resolve, 0)).then(() => createAppRouter(pages));
  // The status decides between the app and the maintenance page, so the first render waits for it
  // (behind the static loader) and renders the app at once rather than the gate's empty state first.
  // It also waits, for at most firstViewWaitMs, for the first page's chunk and prefetch (home: its
  // content chunk and strings, the notices and the first banner's picture, decoded) and, for a player,
  // the reality check's, so the first paint shows the page rather than its skeletons.
  const [i18n, router] = await Promise.all([
    i18nReady,
    routerReady,
    status,
    Promise.race([
      Promise.all([pageReady, playerReady]),
      new Promise((resolve) => setTimeout(resolve, firstViewWaitMs)),
    ]),
  ]);
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser, so the first render of the whole app is
  // not one long task that keeps the page from answering input.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} i18n={i18n} router={router} apiClient={api} />
      </StrictMode>,
    );
  });
  // The error catalogue's texts stay out of the first load (i18n errorsNamespace) and come once the
  // first render is done, well before most failures; one shown earlier reads the generic message.
  whenIdle(() => void loadErrorTexts(i18n).catch(() => undefined), errorTextsIdleWaitMs);
}

void start();
