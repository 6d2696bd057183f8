import type { DownlineSort, TeamDownlineQuery } from '@portal/contracts';
import { downlineSorts, memberTypeFilters } from './contract-lists';
import { periodFromSearch, periodQuery } from './period';
import { optionalInt, positiveInt } from './use-page-search';

export const downlinePageSize = 20;

/** The search filters of downlineManagmentView (across the whole team below the root). */
export interface DownlineFilters {
  account: string;
  type: string;
  status: string;
  level: string;
}

export const noDownlineFilters: DownlineFilters = { account: '', type: '', status: '', level: '' };

/** The sort a header asks for first: names and levels from the top, dates and figures newest or largest. */
export function firstOrder(sort: DownlineSort): 'asc' | 'desc' {
  return sort === 'account' || sort === 'level' ? 'asc' : 'desc';
}

function isSort(value: string | null): value is DownlineSort {
  return downlineSorts.some((sort) => sort === value);
}

/** The filters as the address holds them (unknown values dropped). */
export function downlineFiltersOf(search: URLSearchParams): DownlineFilters {
  const type = search.get('type') ?? '';
  const status = search.get('status') ?? '';
  const level = optionalInt(search.get('level'), 32);
  return {
    account: (search.get('account') ?? '').trim().slice(0, 64),
    type: memberTypeFilters.some((value) => String(value) === type) ? type : '',
    status: status === 'active' || status === 'disabled' ? status : '',
    level: level === undefined ? '' : String(level),
  };
}

/** The downline query the page address stands for. */
export function downlineQueryOf(search: URLSearchParams) {
  const sortText = search.get('sort');
  const sort: DownlineSort = isSort(sortText) ? sortText : 'registeredAt';
  const orderText = search.get('order');
  const order = orderText === 'asc' || orderText === 'desc' ? orderText : firstOrder(sort);
  const filters = downlineFiltersOf(search);
  const parentId = optionalInt(search.get('parentId'));
  const filterQuery = {
    ...periodQuery(periodFromSearch(search)),
    ...(parentId ? { parentId } : {}),
    ...(filters.account ? { account: filters.account } : {}),
    ...(filters.type ? { type: Number(filters.type) } : {}),
    ...(filters.status === 'active' || filters.status === 'disabled' ? { status: filters.status } : {}),
    ...(filters.level ? { level: Number(filters.level) } : {}),
    sort,
    order,
  } satisfies TeamDownlineQuery;
  const page = positiveInt(search.get('pageNo'), 1, 10_000);
  return {
    /** The list's filters and sort: what the CSV export sends too. */
    filterQuery,
    query: { ...filterQuery, page, pageSize: downlinePageSize } satisfies TeamDownlineQuery,
    filters,
    parentId,
    sort,
    order,
  };
}
