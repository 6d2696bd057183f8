import { defineCalls } from '../call';

/** messageV2 for members (relay calls of spec section 7) and feedback from players (visitors or members). */
export const messageCalls = defineCalls({
  messageList: {
    method: 'GET',
    path: '/wps/relay/message_list',
    moduleId: 'messages',
    token: true,
    summary: "The member's messages, newest first, with read flags",
    query: 'messageListQuery',
    response: 'messagePage',
    errors: [],
  },
  messageUnreadCount: {
    method: 'GET',
    path: '/wps/relay/message_unreadCount',
    moduleId: 'messages',
    token: true,
    summary: 'Unread counts for the badges: missions, messages, rewards',
    response: 'unreadCount',
    errors: [],
  },
  messageRead: {
    method: 'POST',
    path: '/wps/relay/message_read',
    moduleId: 'messages',
    token: true,
    summary: 'Mark messages read (ids) or the whole inbox (all: true)',
    body: 'messageReadPayload',
    response: 'messageReadResult',
    errors: [],
  },
  feedback: {
    method: 'PUT',
    path: '/wps/feedback',
    moduleId: 'feedback',
    token: true,
    summary: 'Send feedback: content, sender, type, captcha (+ captchaId) and up to 3 images',
    body: 'feedbackPayload',
    response: 'feedbackReceipt',
    errors: [
      'feedback_fields_empty',
      'feedback_type_invalid',
      'feedback_content_length',
      'feedback_too_many_images',
      'image_too_large',
      'invalid_image',
      'captcha_invalid',
    ],
  },
});
