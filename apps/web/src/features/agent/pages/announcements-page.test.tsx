import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Announcement } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };

function announcement(id: string, title: string, content: string): Announcement {
  return {
    id,
    contentType: 'B',
    platform: 'W',
    title,
    content,
    announcementImages: [],
    popupExecution: null,
    startsAt: '2026-03-01T00:00:00.000Z',
    endsAt: null,
  };
}

describe('agent announcements', () => {
  it('is the first menu entry: lists the announcements for agents with their content, and pages', async () => {
    storeTestSession(2);
    const pages: string[] = [];
    await renderApp('/agentHome', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ type: 2 }) },
        '/wps/agent/announcements': (request: RecordedRequest) => {
          const pageNo = request.url.searchParams.get('pageNo') ?? '1';
          pages.push(pageNo);
          return {
            value: {
              items:
                pageNo === '1'
                  ? [
                      announcement(
                        '1',
                        'New commission rates',
                        '<p>Rates go up on <strong>1 April</strong>.</p>',
                      ),
                    ]
                  : [announcement('2', 'Holiday hours', '<p>Support closes early.</p>')],
              pageNo: Number(pageNo),
              pageSize: 9,
              total: 10,
              totalPages: 2,
            },
          };
        },
      },
    });
    expect(await screen.findByText('New commission rates', {}, slow)).toBeTruthy();
    expect(screen.getByText('1 April').tagName).toBe('STRONG');
    expect(screen.getByText('10 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Holiday hours')).toBeTruthy();
    await waitFor(() => expect(pages).toEqual(['1', '2']));
  });

  it('says so when there is none', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentAnnouncement', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ type: 2 }) },
        '/wps/agent/announcements': { value: { items: [], pageNo: 1, pageSize: 9, total: 0, totalPages: 0 } },
      },
    });
    expect(await screen.findByText('No announcements for agents yet', {}, slow)).toBeTruthy();
  });
});
