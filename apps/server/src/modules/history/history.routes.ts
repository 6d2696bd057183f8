import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  betRecordsPage,
  betRecordsQuery,
  bonusDetailsPage,
  bonusDetailsQuery,
  envelopeOf,
  personalProfit,
  personalProfitQuery,
  walletHistoryPage,
  walletHistoryQuery,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import * as service from './history.service';

const tags = ['history'];
const failures = errorResponses(400, 401, 403, 429, 500);
const rangeNote =
  'Dates are merchant calendar days (GMT offset). preset (today, last7, last30) wins over from/to; ' +
  'neither means the last 7 days; at most 366 days; pageSize at most 100.';

/** The member centre's history reads (relay calls of spec section 7). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const readerOf = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });

  app.get(
    '/wps/relay/wallet_history',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "transactionHistory: every movement of the member's wallets, newest first",
        description: rangeNote,
        querystring: walletHistoryQuery,
        response: { 200: envelopeOf(walletHistoryPage), ...failures },
      },
    },
    async (request) => ok(await service.walletHistory(readerOf(request), request.query)),
  );

  app.get(
    '/wps/relay/account_records',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Account records: deposits, withdrawals and transfers (no game movements or bonuses)',
        description: rangeNote,
        querystring: walletHistoryQuery,
        response: { 200: envelopeOf(walletHistoryPage), ...failures },
      },
    },
    async (request) => ok(await service.accountRecords(readerOf(request), request.query)),
  );

  app.get(
    '/wps/relay/bet_records',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'personalHistoryCopy: game rounds per vendor and game, newest first',
        description: rangeNote,
        querystring: betRecordsQuery,
        response: { 200: envelopeOf(betRecordsPage), ...failures },
      },
    },
    async (request) => ok(await service.betRecords(readerOf(request), request.query)),
  );

  app.get(
    '/wps/relay/personal_profit',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'personalProfit: bets, wins and profit per vendor over a range',
        description: rangeNote,
        querystring: personalProfitQuery,
        response: { 200: envelopeOf(personalProfit), ...failures },
      },
    },
    async (request) => ok(await service.personalProfit(readerOf(request), request.query)),
  );

  app.get(
    '/wps/relay/bonus_details',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "bonusDetails: the ledger's bonus movements of the member",
        description: rangeNote,
        querystring: bonusDetailsQuery,
        response: { 200: envelopeOf(bonusDetailsPage), ...failures },
      },
    },
    async (request) => ok(await service.bonusDetails(readerOf(request), request.query)),
  );
};
