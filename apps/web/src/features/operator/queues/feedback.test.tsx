import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorFeedback } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../operator-test-server';

const slow = { timeout: 5000 };

function buildFeedback(overrides: Partial<OperatorFeedback> = {}): OperatorFeedback {
  return {
    id: '9',
    type: 2,
    content: 'My withdrawal of this morning is still pending.',
    sender: 'malee',
    username: 'malee',
    imageCount: 2,
    status: 'new',
    createdAt: '2026-01-02T03:04:05.000Z',
    answer: null,
    answeredAt: null,
    ...overrides,
  };
}

describe('the feedback queue', () => {
  it('lists new feedback with its images and answers it through the dialog', async () => {
    let answered: string | null = null;
    const { requests } = await renderConsoleAt(
      '/operator/feedback',
      {
        'GET /ops/feedback': () => ({
          value: pageOf(answered ? [] : [buildFeedback()]),
        }),
        'POST /ops/feedback/9/answer': (request) => {
          answered = (request.body as { answer: string }).answer;
          return { value: buildFeedback({ status: 'handled', answer: answered }) };
        },
      },
      { role: 'support' },
    );
    const table = await screen.findByRole('table', { name: 'Feedback' }, slow);
    const row = within(table).getByText('malee').closest('tr')!;
    expect(within(row).getByText('Withdrawal')).toBeTruthy();
    expect(
      requests.find((request) => request.url.pathname === '/ops/feedback')?.url.searchParams.get('status'),
    ).toBe('new');
    // Each image is read with the staff token (one call per image, by index).
    await screen.findAllByText('Proof unavailable', undefined, slow);
    expect(
      requests
        .filter((request) => request.url.pathname.startsWith('/ops/feedback/9/images/'))
        .map((r) => r.url.pathname),
    ).toEqual(['/ops/feedback/9/images/0', '/ops/feedback/9/images/1']);

    fireEvent.click(within(row).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Answer' }));
    await within(dialog).findByText('Enter a reason.');
    fireEvent.change(within(dialog).getByLabelText('Answer (a member gets it in their inbox)'), {
      target: { value: 'Paid at 11:02, sorry for the wait.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Answer' }));
    await screen.findByText('Done: Answer for malee.', undefined, slow);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      answer: 'Paid at 11:02, sorry for the wait.',
    });
  });

  it('lets finance mark feedback handled but not answer it', async () => {
    const { requests } = await renderConsoleAt(
      '/operator/feedback',
      {
        'GET /ops/feedback': { value: pageOf([buildFeedback({ imageCount: 0 })]) },
        'POST /ops/feedback/9/handle': { value: buildFeedback({ status: 'handled' }) },
      },
      { role: 'finance' },
    );
    const table = await screen.findByRole('table', { name: 'Feedback' }, slow);
    expect(within(table).queryByRole('button', { name: 'Answer' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Mark handled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark handled?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    await screen.findByText('Done: Mark handled for malee.', undefined, slow);
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual(['/ops/feedback/9/handle']);
  });
});
