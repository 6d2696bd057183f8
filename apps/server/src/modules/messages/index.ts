/** The messages module's public face (decision 0027): counts other modules show (member info). */
export { countUnreadMessages, sendMemberMessage, unreadCount } from './messages.service';
