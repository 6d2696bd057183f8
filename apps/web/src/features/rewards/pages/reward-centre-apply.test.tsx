import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { buildActivity } from '../../../test/reward-fixtures';
import { renderApp } from '../../../test/render-app';

/**
 * The reward centre's applications: a contact bonus asks for the Zalo or WhatsApp id in a dialog checked
 * as the contract checks it; a reviewed bonus without a contact is sent as it is.
 */
const slow = { timeout: 5000 };
const json = (request: RecordedRequest) => JSON.parse(request.body ?? 'null') as Record<string, unknown>;
const info = { '/wps/member/info': { value: buildMemberInfo() } };

/** The card of one activity, found by its title. */
async function card(title: string) {
  return screen.findByRole('listitem', { name: title }, slow);
}

describe('reward centre applications', () => {
  it('asks for a Zalo or WhatsApp id before applying, checked as the contract checks it', async () => {
    storeTestSession();
    const bodies: Record<string, unknown>[] = [];
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildActivity({
                id: '9',
                kind: 'social_contact',
                title: 'Add us on Zalo',
                status: 'join',
                action: 'apply',
                amount: '50.00',
                rules: { kind: 'social_contact', amount: '50.00' },
                requiresContact: true,
                wageringMultiplier: 0,
              }),
            ],
          },
        },
        '/wps/rewards/activities/9/claim': (request) => {
          bodies.push(json(request));
          return { value: { status: 'applying', amount: '50.00', replayed: false } };
        },
      },
    });
    const activity = await card('Add us on Zalo');
    expect(within(activity).getByText('฿50.00 for sharing your Zalo or WhatsApp contact')).toBeTruthy();
    fireEvent.click(within(activity).getByRole('button', { name: 'Apply' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your Zalo or WhatsApp' }, slow);
    expect(within(dialog).getByText('Add us on Zalo')).toBeTruthy();
    const zalo = within(dialog).getByRole('radio', { name: 'Zalo' });
    expect(document.activeElement).toBe(zalo);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Choose Zalo or WhatsApp.')).toBeTruthy();
    expect(within(dialog).getByText('Enter your id.')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: /App/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'WhatsApp' }));
    const id = within(dialog).getByLabelText(/Your id/);
    fireEvent.change(id, { target: { value: 'my id!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).queryByText('Choose Zalo or WhatsApp.')).toBeNull();
    expect(within(dialog).getByText('Use 3 to 40 letters, digits, + . _ or - (no spaces).')).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(id);
    fireEvent.change(id, { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Use 3 to 40 letters, digits, + . _ or - (no spaces).')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.change(id, { target: { value: ' +66812345678 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ contact: { app: 'whatsapp', id: '+66812345678' } }]);
    const status = within(activity).getByRole('status');
    expect(status.textContent).toBe('You claimed ฿50.00. Status: Under review.');
  });

  it('applies for a reviewed bonus that needs no contact without a dialog', async () => {
    storeTestSession();
    const bodies: Record<string, unknown>[] = [];
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildActivity({ id: '5', title: 'Reviewed reload', status: 'claim', action: 'apply' }),
            ],
          },
        },
        '/wps/rewards/activities/5/claim': (request) => {
          bodies.push(json(request));
          return { value: { status: 'applying', amount: '20.00', replayed: false } };
        },
      },
    });
    const activity = await card('Reviewed reload');
    fireEvent.click(within(activity).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodies).toEqual([{}]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the refusal in words, and opens it when the server asks for a contact', async () => {
    storeTestSession();
    let attempts = 0;
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: { activities: [buildActivity({ id: '4', title: 'Contact reload' })] },
        },
        '/wps/rewards/activities/4/claim': () => {
          attempts += 1;
          return attempts === 1
            ? failure(400, 'activity_contact_required')
            : failure(403, 'activity_same_device');
        },
      },
    });
    const activity = await card('Contact reload');
    fireEvent.click(within(activity).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Zalo or WhatsApp' }, slow);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Zalo' }));
    fireEvent.change(within(dialog).getByLabelText(/Your id/), { target: { value: 'somchai.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert', {}, slow)).textContent).toContain(
      'This reward has already been claimed from this device or network.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(activity).queryByRole('alert')).toBeNull();
  });
});
