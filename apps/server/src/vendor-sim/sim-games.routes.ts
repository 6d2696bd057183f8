import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { demoCatalogue } from '../db/seed-demo-games';
import { SeamlessVendorClient, type VendorReply } from '../modules/seamless';
import { signatureHeaders, signedHeaders, verifySignature } from '../modules/vendors';
import { playRound, simGameKinds, simVendorKinds, type Outcome, type SimGameKind } from './sim-game-kinds';
import { simPageScript, simPageStyle } from './sim-page-assets';
import type { VendorSecrets } from './transfer-protocol.routes';

/** A launched game at the simulator: the portal's session token stays here, the page gets a table id. */
interface Table {
  vendorCode: string;
  gameCode: string;
  sessionToken: string;
  playerId: string;
  merchantCode: string;
  currency: string;
  openedAt: number;
}

export interface SimGamesOptions {
  secrets: VendorSecrets;
  /** Where the portal's seamless API is (`${portalUrl}/vendor/v1/seamless/...`); read at each call. */
  portalUrl: () => string | undefined;
}

const maxTables = 10_000;
const tableTtlMs = 4 * 60 * 60 * 1000;
/** Stakes in the page: 1.00 to 10,000.00, two decimals at most. */
const stakeText = z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, 'a stake such as 10.00');
const launchQuery = z.object({
  token: z.string().min(16).max(200),
  gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  playerId: z.string().regex(/^\d{1,10}$/),
  merchantCode: z.string().min(1).max(32),
  currency: z.string().regex(/^[A-Z]{3}$/),
  language: z.string().max(10).optional(),
});
const tableBody = z.object({ table: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
const playBody = tableBody.extend({ stake: stakeText, pick: z.string().max(20).optional() });
const vendorParams = z.object({ vendorCode: z.string().regex(/^[A-Z0-9_]{2,32}$/) });

const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'",
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Stake text (two decimals) -> hundredths, and back. */
function toCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}
function fromCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function renderPage(table: Table, tableId: string, game: SimGameKind, gameName: string): string {
  const picks =
    game.kind === 'pick'
      ? `<div class="picks" role="group" aria-label="Your pick">${game.options
          .map(
            (option) =>
              `<button type="button" data-pick="${escapeHtml(option.id)}" aria-pressed="false">${escapeHtml(option.label)} ${(option.oddsHundredths / 100).toFixed(2)}</button>`,
          )
          .join('')}</div>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(gameName)}</title><link rel="stylesheet" href="/games/assets/play.css"></head>
<body><main id="table" data-vendor="${escapeHtml(table.vendorCode)}" data-table="${escapeHtml(tableId)}">
<h1>${escapeHtml(gameName)}</h1>
<p class="note">${escapeHtml(game.title)} by the demo vendor ${escapeHtml(table.vendorCode)} (simulated; every play is a signed seamless bet and win at the portal).</p>
<p>Balance: <strong id="balance" aria-live="polite">...</strong> ${escapeHtml(table.currency)}</p>
${picks}
<label>Stake <input id="stake" inputmode="decimal" value="10.00" autocomplete="off"></label>
<button type="button" id="play">${escapeHtml(game.action)}</button>
<p id="result" role="status" aria-live="polite"></p>
<ol id="history" aria-label="Recent rounds"></ol>
</main><script src="/games/assets/play.js"></script></body></html>`;
}

/** A seamless call retried on network failure with the same transaction id (the portal answers once). */
async function withRetries(call: () => Promise<VendorReply>, attempts = 3): Promise<VendorReply> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

type Settled =
  { round: Record<string, string | boolean> } | { refusal: [status: number, code: string, message: string] };

/**
 * One round at the portal: the signed bet (closing the round when it lost), then the signed win. Calls
 * are retried on network failure with their transaction ids, which the portal answers once.
 */
async function settleRound(
  client: SeamlessVendorClient,
  table: Table,
  stakeCents: bigint,
  outcome: Outcome,
): Promise<Settled> {
  const winCents = (stakeCents * BigInt(outcome.oddsHundredths)) / 100n;
  const roundId = `${table.vendorCode}-${randomUUID()}`;
  const player = { merchantCode: table.merchantCode, playerId: table.playerId, currency: table.currency };
  const bet = await withRetries(() =>
    client.bet({
      ...player,
      sessionToken: table.sessionToken,
      amount: fromCents(stakeCents),
      transactionId: `${roundId}:bet`,
      roundId,
      gameCode: table.gameCode,
      roundClosed: winCents === 0n,
    }),
  );
  if (!bet.success || !bet.value) {
    const code = bet.code ?? 'bet_refused';
    const message =
      code === 'insufficient_funds' ? 'Not enough balance' : `The portal refused the bet (${code})`;
    return { refusal: [bet.status === 409 ? 409 : 502, code, message] };
  }
  let balance = bet.value.balance;
  if (winCents > 0n) {
    const win = await withRetries(() =>
      client.win({
        ...player,
        amount: fromCents(winCents),
        transactionId: `${roundId}:win`,
        roundId,
        gameCode: table.gameCode,
        roundClosed: true,
      }),
    );
    if (!win.success || !win.value) {
      return { refusal: [502, win.code ?? 'win_refused', `The win of round ${roundId} is pending`] };
    }
    balance = win.value.balance;
  }
  return {
    round: {
      roundId,
      outcome: outcome.outcome,
      won: winCents > 0n,
      stake: fromCents(stakeCents),
      winAmount: fromCents(winCents),
      balance,
    },
  };
}

/**
 * The simulator's game side (`/games/...`): the launch page the portal's launch address opens, its
 * assets, the play and balance calls the page makes (the simulator signs the seamless calls to the
 * portal with the vendor's secret), and the signed catalogue of each vendor it plays.
 */
export function registerSimGames(app: FastifyInstance, options: SimGamesOptions): void {
  const tables = new Map<string, Table>();
  const clientOf = (table: Table) => {
    const secret = options.secrets.get(table.vendorCode);
    const portalUrl = options.portalUrl();
    if (!secret || !portalUrl) return undefined;
    return new SeamlessVendorClient(portalUrl, table.vendorCode, secret, 10_000);
  };
  const tableOf = (vendorCode: string, tableId: string) => {
    const table = tables.get(tableId);
    if (!table || table.vendorCode !== vendorCode || Date.now() - table.openedAt > tableTtlMs)
      return undefined;
    return table;
  };
  const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ code, message });

  app.get('/games/assets/play.js', async (_request, reply) =>
    reply
      .headers({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
      .send(simPageScript),
  );
  app.get('/games/assets/play.css', async (_request, reply) =>
    reply
      .headers({ 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' })
      .send(simPageStyle),
  );

  app.get('/games/:vendorCode/launch', async (request, reply) => {
    const params = vendorParams.safeParse(request.params);
    const query = launchQuery.safeParse(request.query);
    const kind = params.success ? simVendorKinds[params.data.vendorCode] : undefined;
    if (!params.success || !query.success || !kind || !options.secrets.has(params.data.vendorCode)) {
      return reply.code(400).type('text/plain').send('Invalid launch');
    }
    if (tables.size >= maxTables) {
      const now = Date.now();
      for (const [id, table] of tables) if (now - table.openedAt > tableTtlMs) tables.delete(id);
      if (tables.size >= maxTables) tables.delete(tables.keys().next().value ?? '');
    }
    const table: Table = {
      vendorCode: params.data.vendorCode,
      ...query.data,
      sessionToken: query.data.token,
      openedAt: Date.now(),
    };
    const tableId = randomBytes(18).toString('base64url');
    tables.set(tableId, table);
    const gameName =
      demoCatalogue
        .find((vendor) => vendor.code === table.vendorCode)
        ?.games.find((game) => game.code === table.gameCode)?.name ?? table.gameCode;
    return reply.headers(pageHeaders).send(renderPage(table, tableId, simGameKinds[kind], gameName));
  });

  app.post('/games/:vendorCode/balance', async (request, reply) => {
    const params = vendorParams.safeParse(request.params);
    const body = tableBody.safeParse(request.body);
    const table =
      params.success && body.success ? tableOf(params.data.vendorCode, body.data.table) : undefined;
    const client = table ? clientOf(table) : undefined;
    if (!table || !client)
      return refuse(reply, 404, 'table_not_found', 'This game has ended; launch it again');
    const answer = await client.balance({
      merchantCode: table.merchantCode,
      playerId: table.playerId,
      currency: table.currency,
    });
    if (!answer.success || !answer.value)
      return refuse(reply, 502, answer.code ?? 'portal_refused', 'Balance unavailable');
    return { balance: answer.value.balance };
  });

  app.post('/games/:vendorCode/play', async (request, reply) => {
    const params = vendorParams.safeParse(request.params);
    const body = playBody.safeParse(request.body);
    if (!params.success || !body.success)
      return refuse(reply, 400, 'invalid_play', 'Enter a stake such as 10.00');
    const table = tableOf(params.data.vendorCode, body.data.table);
    const client = table ? clientOf(table) : undefined;
    const kindName = simVendorKinds[params.data.vendorCode];
    if (!table || !client || !kindName)
      return refuse(reply, 404, 'table_not_found', 'This game has ended; launch it again');
    const game: SimGameKind = simGameKinds[kindName];
    const stakeCents = toCents(body.data.stake);
    if (stakeCents < 100n || stakeCents > 1_000_000n) {
      return refuse(reply, 400, 'invalid_stake', 'Stakes go from 1.00 to 10000.00');
    }
    if (game.kind === 'pick' && !game.options.some((option) => option.id === body.data.pick)) {
      return refuse(reply, 400, 'invalid_pick', 'Choose one of the options');
    }
    const outcome = playRound(game, body.data.pick);
    const settled = await settleRound(client, table, stakeCents, outcome);
    if ('refusal' in settled) return refuse(reply, ...settled.refusal);
    return settled.round;
  });

  // The vendor's game list, signed both ways like the transfer protocol (for the portal's catalogue sync).
  app.post('/games/:vendorCode/catalogue', async (request, reply) => {
    const params = vendorParams.safeParse(request.params);
    const secret = params.success ? options.secrets.get(params.data.vendorCode) : undefined;
    const check = secret
      ? verifySignature(
          secret,
          request.headers[signatureHeaders.timestamp] as string | undefined,
          request.headers[signatureHeaders.signature] as string | undefined,
          request.rawBody ?? '',
        )
      : 'missing';
    if (!secret || !params.success || check !== 'valid')
      return refuse(reply, 401, 'signature_invalid', 'Unsigned request');
    const games = (demoCatalogue.find((vendor) => vendor.code === params.data.vendorCode)?.games ?? []).map(
      (game) => ({
        gameCode: game.code,
        displayName: game.name,
        gameType: game.type,
      }),
    );
    const text = JSON.stringify({ games });
    return reply.headers({ 'content-type': 'application/json', ...signedHeaders(secret, text) }).send(text);
  });
}
