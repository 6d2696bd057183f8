import Fastify, { type FastifyInstance } from 'fastify';
import { SimulatorState, type Fault } from './simulator-state';
import { registerSimGames } from './sim-games.routes';
import { registerTestHooks } from './test-hooks.routes';
import { registerTransferProtocol, type VendorSecrets } from './transfer-protocol.routes';

/**
 * The outside game vendor, as its own small HTTP service on its own port: the vendor side of the
 * transfer-wallet protocol now; game pages and calls to our seamless API plug in next to it (one
 * register function per protocol in buildSimulatorApp).
 */
export interface VendorSimulatorOptions {
  port: number;
  host?: string;
  /** Vendor code -> HMAC secret of the vendors it plays. */
  vendors?: Record<string, string>;
  /** How long a planned time-out holds an answer (longer than the portal's vendor time-out). */
  hangMs?: number;
  /** The portal whose seamless wallet the game pages play against (settable later: setPortalUrl). */
  portalUrl?: string;
}

export interface VendorSimulator {
  /** Base URL, e.g. http://127.0.0.1:4010; a vendor's api_url is `${url}/vendors/${code}`. */
  url: string;
  port: number;
  state: SimulatorState;
  /** Adds or replaces a vendor's secret. */
  addVendor(code: string, secret: string): void;
  /** The api_url our vendors table stores for a vendor played by this simulator. */
  vendorUrl(code: string): string;
  /** The launch address our vendors table stores for a seamless vendor whose games run here. */
  launchUrl(code: string): string;
  /** Points the game pages at the portal (its seamless API), e.g. once the portal listens. */
  setPortalUrl(url: string): void;
  planFault(vendorCode: string, fault: Partial<Fault> & Pick<Fault, 'operation' | 'fault'>): void;
  close(): Promise<void>;
}

const defaultHangMs = 30_000;
const maxBodyBytes = 16 * 1024;

function buildSimulatorApp(
  state: SimulatorState,
  secrets: VendorSecrets,
  hangMs: number,
  hung: Set<() => void>,
  portalUrl: () => string | undefined,
): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: maxBodyBytes, forceCloseConnections: true });
  app.decorateRequest('rawBody', '');
  // The signature covers the exact bytes, so the raw body is kept next to the parsed one.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      done(null, body === '' ? {} : (JSON.parse(String(body)) as unknown));
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addHook('onClose', async () => {
    for (const release of [...hung]) release();
  });
  registerTransferProtocol(app, { state, secrets, hangMs, hung });
  registerTestHooks(app, state);
  registerSimGames(app, { secrets, portalUrl });
  return app;
}

/** Starts the simulator; port 0 picks a free port. */
export async function startVendorSimulator(options: VendorSimulatorOptions): Promise<VendorSimulator> {
  const state = new SimulatorState();
  const secrets: VendorSecrets = new Map(Object.entries(options.vendors ?? {}));
  const hung = new Set<() => void>();
  let portalUrl = options.portalUrl?.replace(/\/+$/, '');
  const app = buildSimulatorApp(state, secrets, options.hangMs ?? defaultHangMs, hung, () => portalUrl);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  return {
    url,
    port,
    state,
    addVendor: (code, secret) => void secrets.set(code, secret),
    vendorUrl: (code) => `${url}/vendors/${encodeURIComponent(code)}`,
    launchUrl: (code) => `${url}/games/${encodeURIComponent(code)}/launch`,
    setPortalUrl: (next) => {
      portalUrl = next.replace(/\/+$/, '');
    },
    planFault: (vendorCode, fault) => state.planFault(vendorCode, { apply: true, ...fault }),
    close: () => app.close(),
  };
}
