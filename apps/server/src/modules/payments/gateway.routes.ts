import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatMinor } from '@portal/contracts';
import { providerCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { registerRawJson } from '../../http/raw-body';
import { handleGatewayCallback } from './gateway-callback.service';
import {
  callbackBody,
  openTicket,
  signatureHeader,
  signCallback,
  type CheckoutTicket,
} from './gateways/test-gateway';

/**
 * The gateways' webhook: `POST /wps/payments/callback/:gatewayCode`. The body is kept as the exact text
 * that was signed; the service verifies the signature before reading anything from it.
 */
export const gatewayCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRawJson(app, 64 * 1024);
  app.route({
    ...callRoute(calls.paymentGatewayCallback),
    handler: async (request) => {
      const deps = { db: app.deps.database.db, storage: app.deps.storage, gateways: app.deps.gateways };
      return ok(
        await handleGatewayCallback(
          deps,
          request.merchant,
          request.params.gatewayCode,
          { headers: request.headers, rawBody: request.rawBody ?? '' },
          request.log,
        ),
      );
    },
  });
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  // No inline script or style: the page must pass the portal's Content-Security-Policy as it is.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/pay/test-gateway/checkout.css"></head><body><main class="checkout"><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const stylesheet = `body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0}
.checkout{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.1)}
.amount{font-size:2rem;font-weight:700;margin:8px 0 16px}.note{color:#4b5563;font-size:.9rem}
form{display:inline-block;margin:16px 12px 0 0}button{font-size:1rem;padding:12px 24px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}.checkout{background:#1f2937}.note{color:#d1d5db}}`;

function checkoutPage(ticket: CheckoutTicket, sealed: string): string {
  const amount = `${formatMinor(ticket.amountMinor, ticket.decimals)} ${ticket.currency}`;
  const action = `/pay/test-gateway/checkout/${encodeURIComponent(ticket.reference)}?ticket=${encodeURIComponent(sealed)}`;
  const button = (outcome: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${outcome === 'paid' ? 'pay' : 'fail'}">${label}</button></form>`;
  return page(
    'Test gateway checkout',
    `<p class="note">A stand-in payment provider for development: no real money moves.</p><p class="amount">${escapeHtml(amount)}</p><p class="note">Reference ${escapeHtml(ticket.reference)}</p>${button('paid', 'Pay')}${button('failed', 'Fail')}`,
  );
}

/** Posts the signed callback to the portal's webhook, through the full HTTP pipeline of this server. */
async function postCallback(
  app: FastifyInstance,
  secret: string,
  ticket: CheckoutTicket,
  outcome: 'paid' | 'failed',
) {
  const body = callbackBody(ticket, outcome);
  const target = new URL(ticket.callbackUrl);
  // In-process injection instead of a network round trip: the server may not reach its own public URL
  // (proxies, TLS offload), and the request still passes routing, the raw body and the signature check.
  const response = await app.inject({
    method: 'POST',
    url: target.pathname,
    headers: {
      host: target.host,
      'content-type': 'application/json',
      [signatureHeader]: signCallback(secret, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
  return { status: response.statusCode, text: response.body };
}

interface CheckoutParams {
  reference: string;
}
interface CheckoutQuery {
  ticket?: string;
}

/**
 * The test gateway's own pages (not part of the portal API): the checkout page with Pay and Fail
 * buttons (plain form posts), which sends the signed callback and then returns the browser to the member
 * centre. Registered only when the test gateway is enabled.
 */
export function testGatewayPages(secret: string): FastifyPluginAsync {
  return async (app) => {
    app.get('/pay/test-gateway/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
    );
    // The reference names the checkout; the sealed ticket in the query proves what it is for.
    const ticketOf = (request: FastifyRequest<{ Params: CheckoutParams; Querystring: CheckoutQuery }>) => {
      const ticket = openTicket(secret, request.query.ticket ?? '');
      return ticket?.reference === request.params.reference ? ticket : undefined;
    };
    // Pages of a stand-in outside provider, not portal API calls: kept out of the OpenAPI document.
    app.get<{ Params: CheckoutParams; Querystring: CheckoutQuery }>(
      '/pay/test-gateway/checkout/:reference',
      { schema: { hide: true } },
      async (request, reply) => {
        const ticket = ticketOf(request);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!ticket) {
          return reply.code(404).send(page('Checkout not found', '<p>This checkout link is not valid.</p>'));
        }
        return reply.send(checkoutPage(ticket, request.query.ticket!));
      },
    );
    app.post<{ Params: CheckoutParams; Querystring: CheckoutQuery; Body: { outcome?: string } }>(
      '/pay/test-gateway/checkout/:reference',
      { schema: { hide: true } },
      async (request, reply) => {
        const ticket = ticketOf(request);
        const outcome = request.body?.outcome;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!ticket || (outcome !== 'paid' && outcome !== 'failed')) {
          return reply
            .code(400)
            .send(page('Checkout not valid', '<p>This checkout cannot be completed.</p>'));
        }
        const answer = await postCallback(app, secret, ticket, outcome);
        if (answer.status !== 200) {
          request.log.warn({ status: answer.status, answer: answer.text }, 'test gateway callback refused');
          return reply
            .code(502)
            .send(
              page('Payment not recorded', `<p>The shop refused the callback (HTTP ${answer.status}).</p>`),
            );
        }
        const back = new URL(ticket.returnUrl);
        back.searchParams.set('result', outcome);
        return reply.redirect(back.toString(), 303);
      },
    );
  };
}
