import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { encryptFor } from '../test/encrypt';
import type { PublicKey } from '@portal/contracts';
import { seedDemoContent } from './seed-demo-content';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

describe('demo content', () => {
  it('seeds notices, a popup, promotions, banners for every place and player1 messages, once', async () => {
    await seedDemoContent(kit.testApp.database.db);
    await seedDemoContent(kit.testApp.database.db);
    const notices = (await kit.call('GET', '/wps/relay/announcement_notices')).body.value;
    expect(notices).toHaveLength(3);
    const promotions = (await kit.call('GET', '/wps/relay/announcement_list?type=PR')).body.value;
    expect(promotions.total).toBe(3);
    expect(promotions.items[0].announcementImages[0].url).toBe('/content/promotion-cover.svg');
    for (const group of ['w_home', 'w_login', 'w_register', 'w_forget', 'w_game', 'w_leftmenu']) {
      const banners = (await kit.call('GET', `/wps/relay/banner_list?groupName=${group}`)).body.value;
      expect(banners.length, group).toBeGreaterThan(0);
    }
    // The demo popup is a draft until an operator publishes it.
    expect((await kit.call('GET', '/wps/relay/announcement_popups')).body.value).toHaveLength(0);

    const key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
    const login = await kit.call('POST', '/wps/session/login', {
      body: encryptFor(key, { type: 'username', username: 'player1', password: 'Demo1234', side: 'member' }),
    });
    const token = login.body.value.token as string;
    const unread = (await kit.call('GET', '/wps/relay/message_unreadCount', { token })).body.value;
    expect(unread).toEqual({ missions: 0, messages: 3, rewards: 0 });
    const other = await loggedInMember(kit);
    expect(
      (await kit.call('GET', '/wps/relay/message_unreadCount', { token: other.token })).body.value.messages,
    ).toBe(1);
  });
});
