/**
 * The content module's public face (decision 0027): the HTML allow-list every authored text passes,
 * who may author, and the counts member info shows.
 */
export { contentRoles } from './content-roles';
export { countVisiblePromotions, listAnnouncements } from './content.service';
export { sanitizeContentHtml } from './html-sanitizer';
