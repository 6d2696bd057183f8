import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorAnnouncement, OperatorMessage } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

function buildAnnouncement(overrides: Partial<OperatorAnnouncement> = {}): OperatorAnnouncement {
  return {
    id: '5',
    contentType: 'PR',
    platform: 'W',
    title: 'Weekend reload',
    content: '<p>10% more</p>',
    announcementImages: [],
    popupExecution: null,
    startsAt: null,
    endsAt: null,
    audience: 'all',
    published: false,
    sequence: 0,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

function buildMessage(overrides: Partial<OperatorMessage> = {}): OperatorMessage {
  return {
    id: '8',
    title: 'Maintenance tonight',
    content: '<p>From 2 to 3</p>',
    audience: 'broadcast',
    recipients: 0,
    readers: 3,
    published: true,
    startsAt: null,
    endsAt: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

describe('the console content section', () => {
  it('lists announcements with the status and type filters asked of the server', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/content/announcements?status=unpublished&type=PR',
      {
        'GET /ops/content/announcements': { value: pageOf([buildAnnouncement()]) },
      },
      { role: 'content' },
    );
    const table = await screen.findByRole('table', { name: 'Announcements' }, slow);
    const row = within(table).getByText('Weekend reload').closest('tr')!;
    expect(within(row).getByText('Promotion')).toBeTruthy();
    expect(within(row).getByText('Unpublished')).toBeTruthy();
    const list = requests.find((request) => request.url.pathname === '/ops/content/announcements');
    expect(list?.url.searchParams.get('status')).toBe('unpublished');
    expect(list?.url.searchParams.get('type')).toBe('PR');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('unpublished');
  });

  it("creates an announcement and shows the server's field problem under its field", async () => {
    let attempts = 0;
    const { requests } = await renderConsoleAt(
      '/operator/content/announcements',
      {
        'GET /ops/content/announcements': { value: pageOf([]) },
        'POST /ops/content/announcements': () => {
          attempts += 1;
          return attempts === 1
            ? {
                status: 400,
                code: 'validation_failed',
                failure: { fields: [{ field: 'endsAt', message: 'must be after startsAt' }] },
              }
            : { value: buildAnnouncement({ contentType: 'B', title: 'Hello players' }) };
        },
      },
      { role: 'owner' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New announcement' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Required fields are checked before anything is sent.
    expect(await within(dialog).findByText('Fill this in.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Hello players' } });
    fireEvent.change(within(dialog).getByLabelText(/^Text/), { target: { value: '<b>Welcome</b>' } });
    fireEvent.change(within(dialog).getByLabelText(/^Shown from/), { target: { value: '2030-01-02T10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Shown until/), {
      target: { value: '2030-01-01T10:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const until = within(dialog).getByLabelText(/^Shown until/);
    await waitFor(() => expect(until.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('must be after startsAt')).toBeTruthy();
    // The form-level alert says the input was refused; the dialog keeps what was typed.
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Hello players');
    const sent = requests.find((request) => request.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      contentType: 'B',
      title: 'Hello players',
      content: '<b>Welcome</b>',
      popupExecution: null,
      announcementImages: [],
      audience: 'all',
      sequence: 0,
      startsAt: new Date('2030-01-02T10:00').toISOString(),
      endsAt: new Date('2030-01-01T10:00').toISOString(),
    });

    fireEvent.change(until, { target: { value: '2030-01-03T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.', undefined, slow);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('publishes an announcement only after the confirm dialog', async () => {
    let published = false;
    const { requests } = await renderConsoleAt(
      '/operator/content/announcements',
      {
        'GET /ops/content/announcements': () => ({ value: pageOf([buildAnnouncement({ published })]) }),
        'POST /ops/content/announcements/5/publish': () => {
          published = true;
          return { value: buildAnnouncement({ published: true }) };
        },
      },
      { role: 'content' },
    );
    const table = await screen.findByRole('table', { name: 'Announcements' }, slow);
    fireEvent.click(within(table).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish?' });
    expect(dialog.textContent).toContain('Publish “Weekend reload”?');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published “Weekend reload”.', undefined, slow);
    await within(table).findByText('Published', undefined, slow);
    expect(within(table).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual(['/ops/content/announcements/5/publish']);
  });

  it('shows write buttons only to the roles the server lets write', async () => {
    await renderConsoleAt(
      '/operator/content/announcements',
      {
        'GET /ops/content/announcements': { value: pageOf([buildAnnouncement()]) },
        'GET /ops/messages': {
          value: pageOf([
            buildMessage(),
            buildMessage({ id: '9', title: 'Your bonus', audience: 'members', recipients: 1 }),
          ]),
        },
      },
      { role: 'support' },
    );
    const table = await screen.findByRole('table', { name: 'Announcements' }, slow);
    expect(within(table).getByText('Weekend reload')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit' })).toBeNull();

    // Support sends messages (ops-access.ts messaging).
    fireEvent.click(screen.getByRole('link', { name: 'Messages' }));
    const messages = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(screen.getByRole('button', { name: 'New message' })).toBeTruthy();
    const broadcast = within(messages).getByText('Maintenance tonight').closest('tr')!;
    expect(within(broadcast).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(broadcast).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    // A targeted message keeps its recipients: unpublished and sent again, never edited.
    const targeted = within(messages).getByText('Your bonus').closest('tr')!;
    expect(within(targeted).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(targeted).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('keeps finance to reading messages', async () => {
    await renderConsoleAt(
      '/operator/content/messages',
      {
        'GET /ops/messages': { value: pageOf([buildMessage()]) },
      },
      { role: 'finance' },
    );
    const table = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(within(table).getByText('Maintenance tonight')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Unpublish' })).toBeNull();
  });
});
