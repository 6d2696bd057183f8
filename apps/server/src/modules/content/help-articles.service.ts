import type { Kysely } from 'kysely';
import type { helpArticlePayload, OperatorHelpArticle, Page } from '@portal/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { publishedOf, type OperatorListQuery } from './content-status';
import * as repo from './help-articles.repo';

/**
 * Help-centre articles authored by operators. The help centre is plain text with a term anchor per
 * article (/help#term), so nothing here is HTML; publishing hides or shows an article. The merchant
 * directory's change trigger on help_articles refreshes every instance's cache (decision 0004).
 */

type Input = z.output<typeof helpArticlePayload>;

async function articleOf(db: Kysely<DB>, merchantId: number, id: number): Promise<OperatorHelpArticle> {
  const row = await repo.selectHelpArticle(db, merchantId, id);
  if (!row) throw new AppError('help_article_not_found', 'No such help article');
  return row;
}

/** Article ids are int4; a larger id names no article (and must not reach PostgreSQL as one). */
function checkedId(id: number): number {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new AppError('help_article_not_found', 'No such help article');
  }
  return id;
}

const termTaken = () => new AppError('help_term_taken', 'This term already has an article in that language');

/** Creates a published article. */
export async function createHelpArticle(db: Kysely<DB>, merchantId: number, input: Input) {
  const id = await repo.insertHelpArticle(db, merchantId, input);
  if (id === undefined) throw termTaken();
  return articleOf(db, merchantId, id);
}

/** Replaces an article's language, term, title, text and order. */
export async function updateHelpArticle(db: Kysely<DB>, merchantId: number, id: number, input: Input) {
  const outcome = await repo.updateHelpArticle(db, merchantId, checkedId(id), input);
  if (outcome === 'missing') throw new AppError('help_article_not_found', 'No such help article');
  if (outcome === 'taken') throw termTaken();
  return articleOf(db, merchantId, id);
}

/** Shows or hides an article in the help centre. */
export async function publishHelpArticle(db: Kysely<DB>, merchantId: number, id: number, published: boolean) {
  if ((await repo.updateHelpArticle(db, merchantId, checkedId(id), { published })) === 'missing') {
    throw new AppError('help_article_not_found', 'No such help article');
  }
  return articleOf(db, merchantId, id);
}

/** Every article of the merchant (published or not). */
export async function listHelpArticles(
  db: Kysely<DB>,
  merchantId: number,
  query: OperatorListQuery,
): Promise<Page<OperatorHelpArticle>> {
  const { rows, total } = await repo.selectHelpArticles(db, merchantId, publishedOf(query.status), query);
  return { items: rows, page: query.page, pageSize: query.pageSize, total };
}
