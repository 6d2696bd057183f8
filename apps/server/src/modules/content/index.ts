/**
 * The content module's public face (decision 0027): the HTML allow-list every authored text passes,
 * the operator lists' publishing filter (messages use it too), and the counts member info shows.
 */
export { publishedOf, type OperatorListQuery } from './content-status';
export { countVisiblePromotions, listAnnouncements } from './content.service';
export { sanitizeContentHtml } from './html-sanitizer';
