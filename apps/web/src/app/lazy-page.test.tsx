import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { ChunkLoadError, loadWithTimeout, retryableLazy } from './lazy-page';
import { RoutePage } from './route-page';
import { findRoute } from './routes';
import type { PageProps } from './pages/page-props';

function Loaded({ route }: PageProps) {
  return <h1>Loaded {route.path}</h1>;
}

async function renderPage(page: ReturnType<typeof retryableLazy<PageProps>>) {
  const i18n = await createI18n('EN');
  const router = createMemoryRouter(
    [{ path: '/promotions', element: <RoutePage entry={findRoute('/promotions')} page={page} /> }],
    { initialEntries: ['/promotions'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('lazy route pages', () => {
  // React reports errors caught by a boundary on the console in development; keep the output clean.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows network abnormal and a Retry that imports the chunk again', async () => {
    let attempts = 0;
    const page = retryableLazy<PageProps>(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Loaded };
    });
    await renderPage(page);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network abnormal');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Loaded /promotions' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('shows page load slow when the chunk exceeds the time-out', async () => {
    const page = retryableLazy<PageProps>(() => new Promise(() => undefined), 10);
    await renderPage(page);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The page is loading slowly');
  });

  it('renders a preloaded page in the first commit, without the loading fallback', async () => {
    const page = retryableLazy<PageProps>(async () => ({ default: Loaded }));
    expect(page.current()).not.toBe(Loaded);
    await page.preload();
    expect(page.current()).toBe(Loaded);
    await renderPage(page);
    // Synchronously there after the render: a lazy page would show the pending fallback first.
    expect(screen.getByRole('heading', { name: 'Loaded /promotions' })).toBeTruthy();
  });

  it('hides the loader once the page has rendered', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="app-loader"></div>');
    const page = retryableLazy<PageProps>(async () => ({ default: Loaded }));
    await renderPage(page);
    await screen.findByRole('heading', { name: 'Loaded /promotions' });
    expect(document.getElementById('app-loader')?.hasAttribute('hidden')).toBe(true);
    document.getElementById('app-loader')?.remove();
  });
});

describe('loadWithTimeout', () => {
  it('tells a time-out from a failure', async () => {
    await expect(loadWithTimeout(() => new Promise(() => undefined), 5)).rejects.toMatchObject({
      timedOut: true,
    });
    const failure = await loadWithTimeout(() => Promise.reject(new Error('offline')), 1000).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(failure).toMatchObject({ timedOut: false });
  });
});
