import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorMerchant, OperatorPaymentChannel, WhitelabelSettings } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

function buildSettings(overrides: Partial<WhitelabelSettings> = {}): WhitelabelSettings {
  return {
    merchantCode: 'demo',
    merchantName: 'Demo Portal',
    modules: {
      mobileRegistration: true,
      smsVerification: true,
      mobilePasswordRegistration: false,
      freePlay: true,
      forcedPasswordChange: true,
      mobileCodeLogin: true,
      agentPolicy: true,
      referralPromotion: true,
      contractDividends: true,
      salary: true,
    },
    languages: {
      languages: ['EN', 'TY'],
      defaultLanguage: 'EN',
      themes: ['dark', 'light'],
      defaultTheme: null,
    },
    branding: { logoUrl: null, primaryColor: null, accentColor: null },
    register: [
      {
        field: 'username',
        shown: true,
        required: true,
        acceptedPattern: '*',
        minLength: 4,
        maxLength: 16,
        patternId: 1,
      },
      {
        field: 'password',
        shown: true,
        required: true,
        acceptedPattern: '*',
        minLength: 6,
        maxLength: 20,
        patternId: 5,
      },
      {
        field: 'email',
        shown: true,
        required: false,
        acceptedPattern: '*',
        minLength: 5,
        maxLength: 64,
        patternId: 3,
      },
    ],
    countries: [
      { countryCode: 'TH', countryDialingCode: '+66' },
      { countryCode: 'VN', countryDialingCode: '+84' },
    ],
    layout: { gameListLayout: 'grid' },
    socialLogin: [],
    status: {
      maintenanceEnabled: false,
      maintenanceMessage: null,
      maintenanceAllowIps: [],
      allowedCountries: [],
      blockedCountries: [],
    },
    withdrawals: { autoReceiveMinutes: 30, minAmount: '100.00', maxAmount: '50000.00' },
    callerIp: '203.0.113.9',
    ...overrides,
  };
}

const channel: OperatorPaymentChannel = {
  id: 3,
  type: 'manual_bank',
  name: 'SCB transfer',
  minAmount: '100.00',
  maxAmount: '50000.00',
  enabled: true,
  sort: 10,
  bankName: 'SCB',
  accountNumber: '1234567890',
  accountHolder: 'Demo Co.',
  gatewayCode: null,
  usable: true,
};

describe('the settings section', () => {
  it('switches a module off and saves it for the owner', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings/modules',
      {
        'GET /ops/settings': { value: buildSettings() },
        'PUT /ops/settings/modules': (request) => ({
          value: buildSettings({ modules: request.body as WhitelabelSettings['modules'] }),
        }),
      },
      { role: 'owner' },
    );
    const referral = await screen.findByRole(
      'checkbox',
      { name: 'Referral promotion (invite friends)' },
      slow,
    );
    expect((referral as HTMLInputElement).checked).toBe(true);
    fireEvent.click(referral);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Players see the change on their next page load.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe('/ops/settings/modules');
    expect(put?.body).toMatchObject({ referralPromotion: false, freePlay: true });
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Referral promotion (invite friends)' }).checked,
    ).toBe(false);
  });

  it('warns before maintenance shuts the owner out, and shows a refusal in words', async () => {
    await renderConsoleAt(
      '/operator/settings/status',
      {
        'GET /ops/settings': { value: buildSettings() },
        'PUT /ops/settings/status': { status: 400, code: 'validation_failed' },
      },
      { role: 'owner' },
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Maintenance on' }, slow));
    expect(screen.getByText(/Your address 203\.0\.113\.9 is not listed/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Addresses that pass maintenance'), {
      target: { value: '203.0.113.9' },
    });
    expect(screen.queryByText(/is not listed/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some fields need attention');
  });

  it('checks the register form before sending: username stays required', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings/register',
      {
        'GET /ops/settings': { value: buildSettings() },
      },
      { role: 'owner' },
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'username required' }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('username must be shown and required.');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('edits the countries of the mobile pickers: one per line, bad lines named before sending', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings/countries',
      {
        'GET /ops/settings': { value: buildSettings() },
        'PUT /ops/settings/countries': (request) => ({
          value: buildSettings(request.body as Partial<WhitelabelSettings>),
        }),
      },
      { role: 'owner' },
    );
    const list = await screen.findByLabelText('Countries', {}, slow);
    expect((list as HTMLTextAreaElement).value).toBe('TH +66\nVN +84');
    const form = list.closest('form') as HTMLElement;
    fireEvent.change(list, { target: { value: 'my 60\nTH +66\nThailand' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Lines 3 are not a code and a dialing code such as TH +66.',
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.change(list, { target: { value: 'my 60\nTH +66' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Saved. Players see the change on their next page load.'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      countries: [
        { countryCode: 'MY', countryDialingCode: '+60' },
        { countryCode: 'TH', countryDialingCode: '+66' },
      ],
    });
  });

  it('switches the game lists to columns of two', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings/layout',
      {
        'GET /ops/settings': { value: buildSettings() },
        'PUT /ops/settings/layout': (request) => ({
          value: buildSettings({ layout: request.body as WhitelabelSettings['layout'] }),
        }),
      },
      { role: 'owner' },
    );
    const grid = await screen.findByRole<HTMLInputElement>('radio', { name: 'Grid' }, slow);
    expect(grid.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Columns of two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Players see the change on their next page load.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      gameListLayout: 'chunked2',
    });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Columns of two' }).checked).toBe(true);
  });

  it('sets up a social login provider with its write-only secret', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings/social',
      {
        'GET /ops/settings': { value: buildSettings() },
        'PUT /ops/settings/social': (request) => {
          const body = request.body as {
            provider: 'google';
            issuer: string;
            clientId: string;
            enabled: boolean;
          };
          return {
            value: buildSettings({
              socialLogin: [
                {
                  provider: body.provider,
                  issuer: body.issuer,
                  clientId: body.clientId,
                  enabled: body.enabled,
                  secretSet: true,
                },
              ],
            }),
          };
        },
      },
      { role: 'owner' },
    );
    const google = (await screen.findByRole('heading', { name: 'Google' }, slow)).closest(
      'section',
    ) as HTMLElement;
    fireEvent.click(within(google).getByRole('button', { name: 'Save' }));
    expect(await within(google).findByText('A new provider needs its client secret.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(within(google).getByRole('checkbox', { name: 'Offer this provider to players' }));
    fireEvent.change(within(google).getByLabelText(/^Issuer/), {
      target: { value: 'https://accounts.google.com' },
    });
    fireEvent.change(within(google).getByLabelText(/^Client id/), { target: { value: 'client-1' } });
    fireEvent.change(within(google).getByLabelText(/^Client secret/), { target: { value: 's3cret' } });
    fireEvent.click(within(google).getByRole('button', { name: 'Save' }));
    expect(
      await within(google).findByText('Set up; the client secret is stored and never shown.'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      provider: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'client-1',
      enabled: true,
      clientSecret: 's3cret',
    });
  });

  it('gives finance the payment channels only, and switches one off through a confirmation', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/settings',
      {
        'GET /ops/payments/channels': { value: { channels: [channel], gateways: ['test-gateway'] } },
        'PUT /ops/payments/channels/3': (request) => ({ value: { ...channel, ...(request.body as object) } }),
      },
      { role: 'finance' },
    );
    const table = await screen.findByRole('table', { name: 'Payment channels' }, slow);
    expect(within(table).getByText('SCB transfer')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Settings areas' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Payment channels']);
    fireEvent.click(within(table).getByRole('button', { name: 'Switch off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off SCB transfer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('SCB transfer saved.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      type: 'manual_bank',
      enabled: false,
      accountNumber: '1234567890',
    });
  });

  it('says a refused channel in Thai', async () => {
    await renderConsoleAt(
      '/operator/settings/channels',
      {
        'GET /ops/payments/channels': { value: { channels: [channel], gateways: [] } },
        'POST /ops/payments/channels': { status: 400, code: 'limit_range_invalid' },
      },
      { role: 'owner', language: 'TY' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'เพิ่มบัญชีธนาคาร' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('ยอดสูงสุดต้องไม่น้อยกว่ายอดขั้นต่ำ')).toBeTruthy();
  });
});

describe('the merchants section', () => {
  const merchant: OperatorMerchant = {
    id: 1,
    code: 'demo',
    name: 'Demo Portal',
    currency: { code: 'THB', symbol: '฿', decimals: 2 },
    gmtOffsetMinutes: 420,
    defaultLanguage: 'EN',
    home: true,
    domains: [{ domain: 'localhost', main: true }],
    staffCount: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
  };

  it('lists merchants and creates one with its owner for the platform role', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/merchants',
      {
        'GET /ops/merchants': { value: pageOf([merchant]) },
        'POST /ops/merchants': {
          value: {
            merchant: { ...merchant, id: 2, code: 'luckystar', home: false, domains: [] },
            owner: { username: 'star-owner', mustChangePassword: true },
          },
        },
      },
      { role: 'platform' },
    );
    const table = await screen.findByRole('table', { name: 'Merchants' }, slow);
    expect(within(table).getByText('demo (platform)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'New merchant' });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'LuckyStar' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Lucky Star' } });
    fireEvent.change(within(dialog).getByLabelText('Owner username'), { target: { value: 'star-owner' } });
    fireEvent.change(within(dialog).getByLabelText('Initial password'), {
      target: { value: 'StarOwner123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create merchant' }));
    expect(
      await screen.findByText('Merchant luckystar created with its owner star-owner. Add a domain next.'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      code: 'luckystar',
      name: 'Lucky Star',
      currency: { code: 'THB', symbol: '฿', decimals: 2 },
      gmtOffsetMinutes: 420,
      defaultLanguage: 'EN',
      owner: { username: 'star-owner', password: 'StarOwner123' },
    });
  });

  it('adds a domain and shows a taken one as refused', async () => {
    await renderConsoleAt(
      '/operator/merchants',
      {
        'GET /ops/merchants': { value: pageOf([merchant]) },
        'POST /ops/merchants/demo/domains': (request) =>
          (request.body as { domain: string }).domain === 'taken.example'
            ? { status: 409, code: 'domain_taken' }
            : {
                value: {
                  ...merchant,
                  domains: [...merchant.domains, { domain: 'play.example', main: false }],
                },
              },
      },
      { role: 'platform' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Domains of demo' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Domains of demo' });
    fireEvent.change(within(dialog).getByLabelText('New domain'), { target: { value: 'taken.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    expect(await within(dialog).findByText('This domain already belongs to a merchant.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New domain'), { target: { value: 'Play.Example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    expect(await within(dialog).findByText('play.example')).toBeTruthy();
  });
});
