import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app';
import { buildPermission, buildStatus } from '../../../test/fixtures';
import { SystemStatusGate } from './system-status-gate';

const app = <p>The portal itself</p>;

describe('SystemStatusGate', () => {
  it('renders the app while the status is normal', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>);
    expect(await screen.findByText('The portal itself')).toBeTruthy();
  });

  it('replaces the app with the maintenance page on status 1', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>, {
      replies: {
        '/wps/system/status': {
          value: buildStatus({ status: 1, maintenanceMessage: 'Back at 14:00 GMT+7' }),
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Game maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at 14:00 GMT+7')).toBeTruthy();
    const service = await screen.findByRole('link', { name: 'Customer service' });
    expect(service.getAttribute('href')).toBe('https://chat.example.test/room/1');
    expect(screen.queryByText('The portal itself')).toBeNull();
  });

  it('shows no customer-service button when the merchant lists none', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>, {
      replies: {
        '/wps/system/status': { value: buildStatus({ status: 1 }) },
        '/wps/system/permission': { value: buildPermission({ customerService: [] }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Game maintenance' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Customer service' })).toBeNull();
  });

  it('replaces the app with the region-restriction page and the visitor IP on status 2', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>, {
      replies: { '/wps/system/status': { value: buildStatus({ status: 2, ip: '198.51.100.23' }) } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access restricted' })).toBeTruthy();
    expect(screen.getByText('198.51.100.23')).toBeTruthy();
    expect(screen.getByText(/Your IP address has been blocked/)).toBeTruthy();
    expect(screen.queryByText('The portal itself')).toBeNull();
  });

  it('speaks the visitor language on the status pages', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>, {
      language: 'TY',
      replies: { '/wps/system/status': { value: buildStatus({ status: 1 }) } },
    });
    expect(await screen.findByRole('heading', { name: 'ปิดปรับปรุงระบบเกม' })).toBeTruthy();
  });

  it('renders the app when the status cannot be read, rather than a blank page', async () => {
    await renderWithProviders(<SystemStatusGate>{app}</SystemStatusGate>, {
      replies: { '/wps/system/status': { networkError: true } },
    });
    // The status read is retried once (after about a second) before the app renders without it.
    expect(await screen.findByText('The portal itself', {}, { timeout: 4000 })).toBeTruthy();
  });
});
