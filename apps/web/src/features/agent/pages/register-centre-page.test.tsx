import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildInvite } from '../../../test/agent-fixtures';
import {
  buildMemberInfo,
  decryptPayload,
  failure,
  publicKeyReply,
  storeTestSession,
} from '../../../test/fake-identity';
import type { FakeTable, RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

function fill(form: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('register centre', () => {
  it('shows the affiliate code, the referral link with a copy button and its QR code', async () => {
    storeTestSession(2);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    await renderApp('/agentHome?page=registerCenter', {
      replies: { ...memberInfo, '/wps/agent/invite': { value: buildInvite() } },
    });
    const invite = await screen.findByRole('region', { name: 'Invite with your code' }, slow);
    expect(within(invite).getByText('AG7KQ2')).toBeTruthy();
    const link = within(invite).getByLabelText<HTMLInputElement>('Referral link');
    expect(link.value).toBe('https://lucky.example/register?affiliateCode=AG7KQ2');
    expect(within(invite).getByRole('img', { name: 'QR code of your referral link' })).toBeTruthy();
    fireEvent.click(within(invite).getByRole('button', { name: 'Copy link' }));
    expect(await within(invite).findByText('Link copied.')).toBeTruthy();
    expect(copied).toEqual(['https://lucky.example/register?affiliateCode=AG7KQ2']);
  });

  it("creates a downline of an allowed type (encrypted) and reads the agent centre's lists again", async () => {
    storeTestSession(2);
    let payload: Record<string, unknown> | null = null;
    const inviteReads = { count: 0 };
    await renderRegisterCentre(async (request: RecordedRequest) => {
      payload = await decryptPayload(request);
      return { value: { id: 301, account: 'newagent', type: 41, affiliateCode: 'NEW41' } };
    }, inviteReads);
    const form = await screen.findByRole('form', { name: 'Create an account in your team' }, slow);
    const type = within(form).getByLabelText<HTMLSelectElement>(/^Account type/);
    expect([...type.options].map((option) => option.textContent)).toEqual([
      'Member',
      'Sub-agent',
      'Referral sub-agent',
    ]);
    fireEvent.change(type, { target: { value: '41' } });
    fill(form, /^Username/, 'newagent');
    fill(form, /^Password/, 'Secret123');
    fill(form, /^Confirm password/, 'Secret123');
    fill(form, /^Nickname/, 'New one');
    fill(form, /^Mobile number/, '0812345678');
    fill(form, /^Country code/, '+66');
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await within(form).findByText(/Created newagent \(Sub-agent\)\./, {}, slow)).toBeTruthy();
    expect(within(form).getByText(/Its affiliate code is NEW41\./)).toBeTruthy();
    expect(payload).toEqual({
      type: 41,
      username: 'newagent',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      nickname: 'New one',
      mobileNum: '0812345678',
      countryDialingCode: '+66',
    });
    expect(within(form).getByLabelText<HTMLInputElement>(/^Username/).value).toBe('');
    // The agent centre's reads (downlines, figures, this invite) are marked stale and read again.
    await waitFor(() => expect(inviteReads.count).toBe(2));
  });

  it('checks the repeated password before sending, and shows the server field problems inline', async () => {
    storeTestSession(2);
    let sent = 0;
    await renderRegisterCentre(() => {
      sent += 1;
      return failure(400, 'validation_failed', {
        fields: [
          { field: 'username', message: 'is taken', code: 'taken' },
          { field: 'password', message: 'too short', code: 'too_short', minLength: 8, maxLength: 20 },
        ],
      });
    });
    const form = await screen.findByRole('form', { name: 'Create an account in your team' }, slow);
    fill(form, /^Username/, 'nok01');
    fill(form, /^Password/, 'abc');
    fill(form, /^Confirm password/, 'abd');
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('The two passwords are not the same.')).toBeTruthy();
    expect(sent).toBe(0);

    fill(form, /^Confirm password/, 'abc');
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    const username = within(form).getByLabelText(/^Username/);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'), slow);
    expect(within(form).getByText('This username is already in use.')).toBeTruthy();
    expect(within(form).getByText('The password needs 8 to 20 characters.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('Some fields need attention');
    expect(sent).toBe(1);
  });

  it('offers only the link and QR code to an agent type that may not create accounts', async () => {
    storeTestSession(42);
    await renderApp('/agentHome?page=registerCenter', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ type: 42 }) },
        '/wps/agent/invite': { value: buildInvite({ agentType: 42, creatableTypes: [] }) },
      },
    });
    expect(await screen.findByRole('img', { name: 'QR code of your referral link' }, slow)).toBeTruthy();
    expect(screen.getByText(/invites with its link and QR code only/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create an account in your team' })).toBeNull();
  });

  it('shows the error state of the invite read with a retry', async () => {
    storeTestSession(2);
    let fail = true;
    await renderApp('/agentHome?page=registerCenter', {
      replies: {
        ...memberInfo,
        '/wps/agent/invite': () => (fail ? { networkError: true } : { value: buildInvite() }),
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Network abnormal');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('AG7KQ2')).toBeTruthy();
  });
});

/** The register centre with the server key, the invite (reads counted) and a create route. */
async function renderRegisterCentre(create: FakeTable['/wps/agent/downlines'], inviteReads = { count: 0 }) {
  return renderApp('/agentHome?page=registerCenter', {
    replies: {
      ...memberInfo,
      '/wps/system/publicKey': publicKeyReply,
      '/wps/agent/invite': () => {
        inviteReads.count += 1;
        return { value: buildInvite() };
      },
      '/wps/agent/downlines': create,
    },
  });
}
