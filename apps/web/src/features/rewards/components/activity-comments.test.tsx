import type { ActivityComment } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../../i18n';
import type { RecordedRequest } from '../../../test/fake-server';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import { buildActivity } from '../../../test/reward-fixtures';
import { renderApp } from '../../../test/render-app';

/**
 * Activity comments on the reward centre's cards (spec section 5): the list with its pages, the form's
 * counter and client-side image checks, a post that refreshes the list, and refusals in the reader's
 * language.
 */
const slow = { timeout: 5000 };
const commentsPath = '/wps/rewards/activities/3/comments';
const signIn = buildActivity({
  id: '3',
  kind: 'sign_in',
  title: 'Daily sign-in',
  status: 'signed',
  action: null,
  amount: null,
  rules: { kind: 'sign_in', amounts: ['10.00'] },
  allowComments: true,
});
const pngBytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name: string) => new File([new Uint8Array(pngBytes)], name, { type: 'image/png' });

function buildComment(overrides: Partial<ActivityComment> = {}): ActivityComment {
  return {
    id: '1',
    player: 'so***i',
    text: 'Day 5 done',
    images: [],
    createdAt: '2026-03-02T09:30:00.000Z',
    mine: false,
    ...overrides,
  };
}

/** A comments reply: the given page of `all`, ten to a page, as the server pages them. */
function pageOf(all: ActivityComment[], request: RecordedRequest) {
  const page = Number(request.url.searchParams.get('page') ?? 1);
  const pageSize = Number(request.url.searchParams.get('pageSize') ?? 20);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  return { value: { items, page, pageSize, total: all.length } };
}

/** The reward centre with the sign-in activity, its comments served from `all` (mutable by the test). */
async function renderCentre(
  all: ActivityComment[],
  post?: (request: RecordedRequest) => ReturnType<typeof failure> | { value: ActivityComment },
  language = 'EN',
) {
  storeTestSession();
  if (language !== 'EN') window.localStorage.setItem(languageStorageKey, language);
  const rendered = await renderApp('/member?tab=rewardCenter', {
    language,
    replies: {
      '/wps/member/info': { value: buildMemberInfo() },
      '/wps/rewards/activities': { value: { activities: [signIn] } },
      [commentsPath]: (request: RecordedRequest) =>
        request.method === 'POST' && post ? post(request) : pageOf(all, request),
    },
  });
  const card = await screen.findByRole('listitem', { name: 'Daily sign-in' }, slow);
  return { ...rendered, card };
}

/**
 * Opens the comments of the card and waits for their count on the toggle (the test DOM has no layout,
 * so the first page is read when they open rather than when the card nears the screen).
 */
async function openComments(card: HTMLElement, name: string) {
  const toggle = within(card).getByRole('button', { expanded: false });
  fireEvent.click(toggle);
  await within(card).findByRole('button', { name, expanded: true }, slow);
  return within(card).getByRole('region');
}

/** The comments of a list (its own items, not the images' lists inside them). */
const commentsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);

const chooseFiles = (region: HTMLElement, files: File[], label = 'Images') =>
  fireEvent.change(within(region).getByLabelText(label), { target: { files } });

describe('activity comments', { timeout: 20_000 }, () => {
  it('lists comments newest first with names, times, my marker and images, and loads more', async () => {
    const all = [
      buildComment({
        id: '12',
        player: 'pl***1',
        text: 'Mine',
        mine: true,
        images: ['/wps/rewards/comment-images/comments/2026-03/a.png'],
      }),
      ...Array.from({ length: 11 }, (_, index) =>
        buildComment({ id: String(11 - index), text: `Comment ${11 - index}` }),
      ),
    ];
    const { card, server } = await renderCentre(all);
    const region = await openComments(card, 'Comments (12)');
    const list = await within(region).findByRole('list', { name: 'Comments, newest first' }, slow);
    const items = commentsIn(list);
    expect(items).toHaveLength(10);
    expect(items[0]!.textContent).toContain('pl***1');
    expect(within(items[0]!).getByText('You')).toBeTruthy();
    expect(within(items[0]!).getByText(/Mar 2, 2026/)).toBeTruthy();
    const image = within(items[0]!).getByRole('link', { name: /Image 1 from pl\*\*\*1/ });
    expect(image.getAttribute('href')).toBe('/wps/rewards/comment-images/comments/2026-03/a.png');
    expect(image.getAttribute('target')).toBe('_blank');
    expect(within(items[1]!).queryByText('You')).toBeNull();
    expect(items[1]!.textContent).toContain('Comment 11');

    fireEvent.click(within(region).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(commentsIn(list)).toHaveLength(12));
    expect(commentsIn(list)[11]!.textContent).toContain('Comment 1');
    expect(within(region).queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = server.requests.filter((request) => request.url.pathname === commentsPath);
    expect(pages.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says when there is no comment yet, counts characters as the server does and refuses 141', async () => {
    const { card, server } = await renderCentre([]);
    const region = await openComments(card, 'Comments (0)');
    expect(await within(region).findByText('No comments yet - be the first', {}, slow)).toBeTruthy();
    const text = within(region).getByLabelText('Your comment');
    // Trimmed, and an emoji is one character (two UTF-16 units).
    fireEvent.change(text, { target: { value: '  héllo 👍 ' } });
    expect(within(region).getByText('7/140')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'x'.repeat(141) } });
    expect(within(region).getByText('141/140 - too long')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Post comment' }));
    expect(within(region).getByRole('alert').textContent).toBe('A comment is at most 140 characters.');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('refuses a fourth image and a file that is not PNG or JPEG, by its bytes', async () => {
    const { card } = await renderCentre([]);
    const region = await openComments(card, 'Comments (0)');
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'cat.png', { type: 'image/png' });
    chooseFiles(region, [gif]);
    expect((await within(region).findByRole('alert', {}, slow)).textContent).toBe(
      'cat.png is not a PNG or JPEG image.',
    );
    chooseFiles(region, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(await within(region).findByRole('img', { name: 'c.png' }, slow)).toBeTruthy();
    expect(within(region).queryByRole('img', { name: 'd.png' })).toBeNull();
    expect(within(region).getByRole('alert').textContent).toBe('At most 3 images.');
    expect(within(region).getByLabelText<HTMLInputElement>('Images').disabled).toBe(true);
    fireEvent.click(within(region).getByRole('button', { name: 'Remove b.png' }));
    expect(within(region).queryByRole('img', { name: 'b.png' })).toBeNull();
    expect(within(region).getByLabelText<HTMLInputElement>('Images').disabled).toBe(false);
  });

  it('posts the text and images, then reads the list again and clears the form', async () => {
    const all: ActivityComment[] = [buildComment()];
    const bodies: unknown[] = [];
    const { card } = await renderCentre(all, (request) => {
      bodies.push(JSON.parse(request.body ?? 'null'));
      const written = buildComment({ id: '2', player: 'pl***1', text: 'Got my bonus', mine: true });
      all.unshift(written);
      return { value: written };
    });
    const region = await openComments(card, 'Comments (1)');
    await within(region).findByText('Day 5 done', {}, slow);
    fireEvent.change(within(region).getByLabelText('Your comment'), { target: { value: ' Got my bonus ' } });
    chooseFiles(region, [png('proof.png')]);
    await within(region).findByRole('img', { name: 'proof.png' }, slow);
    fireEvent.click(within(region).getByRole('button', { name: 'Post comment' }));

    expect(await within(region).findByText('Your comment is posted.', {}, slow)).toBeTruthy();
    expect(bodies).toEqual([{ text: 'Got my bonus', images: [btoa(String.fromCharCode(...pngBytes))] }]);
    const list = within(region).getByRole('list', { name: 'Comments, newest first' });
    await waitFor(() => expect(commentsIn(list)).toHaveLength(2));
    expect(commentsIn(list)[0]!.textContent).toContain('Got my bonus');
    expect(within(card).getByRole('button', { name: 'Comments (2)' })).toBeTruthy();
    expect(within(region).getByLabelText<HTMLTextAreaElement>('Your comment').value).toBe('');
    expect(within(region).queryByRole('img', { name: 'proof.png' })).toBeNull();
  });

  it("shows the server's refusal in the reader's language (Thai)", async () => {
    const { card } = await renderCentre([], () => failure(400, 'activity_comments_off'), 'TY');
    const region = await openComments(card, 'ความคิดเห็น (0)');
    expect(await within(region).findByText('ยังไม่มีความคิดเห็น - มาเป็นคนแรกกันเลย', {}, slow)).toBeTruthy();
    fireEvent.change(within(region).getByLabelText('ความคิดเห็นของคุณ'), { target: { value: 'สวัสดี' } });
    expect(within(region).getByText('6/140')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'ส่งความคิดเห็น' }));
    const alert = await within(region).findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('กิจกรรมนี้ไม่เปิดให้แสดงความคิดเห็น');
  });
});
