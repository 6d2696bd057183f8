import { defineCalls } from '../call';

/**
 * Content for players (decision 0017): announcements, promotions, notices, popups, banners, the live chat.
 * The uploaded content images (`GET /wps/content/images/*`) are files at a wildcard address, not a call.
 */
export const contentCalls = defineCalls({
  contentImageFile: {
    method: 'GET',
    // The uploads' storage keys are the addresses (`content/<id>.png`): a wildcard, and a file reply.
    path: '/wps/content/images/*',
    moduleId: 'content',
    token: false,
    summary: 'An uploaded content image (PNG or JPEG)',
    file: true,
    errors: [],
  },
  // Lists and details answer visitors too; a member's token, when there is one, leaves promotions out for
  // a player on a break or self-excluded (issue 17).
  announcementList: {
    method: 'GET',
    path: '/wps/relay/announcement_list',
    moduleId: 'content',
    token: true,
    summary: 'Visible announcements (types B, PL, PU, PR, H; platform W), 9 per page',
    query: 'announcementListQuery',
    response: 'announcementPage',
    errors: [],
  },
  announcementDetail: {
    method: 'GET',
    path: '/wps/relay/announcement_detail',
    moduleId: 'content',
    token: true,
    summary: 'One visible announcement or promotion',
    query: 'announcementDetailQuery',
    response: 'announcement',
    errors: ['announcement_not_found'],
  },
  announcementNotices: {
    method: 'GET',
    path: '/wps/relay/announcement_notices',
    moduleId: 'content',
    token: false,
    summary: 'Player notices (PL) for the home marquee',
    response: 'announcements',
    errors: [],
  },
  // Popups answer visitors and members differently (execution B and F), so the token goes when there is one.
  announcementPopups: {
    method: 'GET',
    path: '/wps/relay/announcement_popups',
    moduleId: 'content',
    token: true,
    summary: 'Popups for this caller: visitors A and B, members A and unacknowledged F',
    response: 'announcements',
    errors: [],
  },
  announcementPopupSeen: {
    method: 'POST',
    path: '/wps/relay/announcement_popupSeen',
    moduleId: 'content',
    token: true,
    summary: 'A member acknowledges a popup (execution F popups then stay away for good)',
    body: 'popupSeenPayload',
    response: 'nothing',
    errors: ['announcement_not_found'],
  },
  bannerList: {
    method: 'GET',
    path: '/wps/relay/banner_list',
    moduleId: 'content',
    token: false,
    summary: 'Visible banners of one place (groupName)',
    query: 'bannerListQuery',
    response: 'banners',
    errors: [],
  },
  // The live chat of a customer-service entry, with the member's context encrypted into its address.
  liveChatOpen: {
    method: 'GET',
    path: '/wps/relay/livechat_open',
    moduleId: 'content',
    token: true,
    summary: "The live chat of a customer-service entry, with the caller's context encrypted in its address",
    query: 'liveChatQuery',
    response: 'liveChatAddress',
    errors: ['service_entry_not_found'],
  },
});
