import { z } from 'zod';

/**
 * Paging of lists, one convention for every call the specification does not name. The specification's
 * game-store calls keep its names: `pageNo` in the games, favourites and recent queries and `pageNum`
 * in their answer (spec sections 3 and 9, games.ts); the player's announcement list and messageV2 inbox
 * follow that `pageNo` (content.ts, messages.ts). Everything else (member-centre histories, vendor
 * transfers, lottery, BGS rounds, payments and every operator /ops list) asks `page` and `pageSize`
 * and answers `items`, `page`, `pageSize` and `total`.
 */

/** The last page any list serves, so an offset stays bounded. */
export const maxPage = 10_000;

/** The query of a list page: `page` from 1 (default 1), `pageSize` from 1 to `maxPageSize`. */
export function pageQueryOf(maxPageSize: number, defaultPageSize = 20) {
  return z.object({
    page: z.coerce.number().int().min(1).max(maxPage).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

/** The usual list query: pages of up to 50 rows, 20 by default. */
export const pageQuery = pageQueryOf(50);
export type PageQuery = z.infer<typeof pageQuery>;

/** A page of a list: its items and the total count over every page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
