import type { Kysely } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { DB } from '../../db/schema';

/** SQL of help-centre articles for operators (players read them through modules/system). */

const columns = ['id', 'lang', 'term', 'title', 'content', 'sequence', 'published'] as const;

export interface HelpArticleValues {
  lang: string;
  term: string;
  title: string;
  content: string;
  sequence: number;
}

/** The merchant's web articles (or those of one publishing state), by language and order. */
export function selectHelpArticles(
  db: Kysely<DB>,
  merchantId: number,
  published: boolean | undefined,
  paging: PageRequest,
) {
  let filtered = db
    .selectFrom('help_articles')
    .where('merchant_id', '=', merchantId)
    .where('device', '=', 'WEB');
  if (published !== undefined) filtered = filtered.where('published', '=', published);
  const query = filtered.select(columns).orderBy('lang').orderBy('sequence').orderBy('id');
  return selectPage(query, paging);
}

export function selectHelpArticle(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('help_articles')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts an article (device WEB); undefined when the term is taken in that language. */
export async function insertHelpArticle(db: Kysely<DB>, merchantId: number, values: HelpArticleValues) {
  const row = await db
    .insertInto('help_articles')
    .values({ ...values, merchant_id: merchantId, device: 'WEB' })
    .onConflict((conflict) => conflict.constraint('help_articles_term').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Updates an article; 'missing' when there is none, 'taken' when its new term is used. */
export async function updateHelpArticle(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: Partial<HelpArticleValues> & { published?: boolean },
): Promise<'updated' | 'missing' | 'taken'> {
  try {
    const result = await db
      .updateTable('help_articles')
      .set(values)
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'updated' : 'missing';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
}
