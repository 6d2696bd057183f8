import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { pageLoaders } from './app/route-page';
import { createAppRouter } from './app/router';
import { findRoute } from './app/routes';
import { createI18n } from './i18n';
import './styles/index.css';

async function start(): Promise<void> {
  // Fetch the first page's chunk while the language and the system status load, not after them. A
  // failure here is ignored: the route's own import reports it with the retry state.
  pageLoaders[findRoute(window.location.pathname).page]().catch(() => undefined);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The stored language's dictionary loads before first render, so the page never flips language.
  const i18n = await createI18n();
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} i18n={i18n} router={router} />
    </StrictMode>,
  );
}

void start();
