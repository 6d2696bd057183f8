import { z } from 'zod';
import { bgsLaunchUrl } from '@portal/contracts';
import type { VendorLaunchKind } from '../../db/schema';
import { signedHeaders, signatureHeaders, verifySignature } from './vendor-signature';
import type { TransferVendorAdapter } from './transfer-adapter';

/**
 * What the portal needs from a game vendor (docs/vendors.md), in one place:
 * - `launch`: the address the game popup opens for a player's new game session;
 * - `syncCatalogue`: the vendor's current game list, when it publishes one;
 * - `transfer`: transfer-mode vendors only (transfer-adapter.ts);
 * - seamless callbacks go the other way: the vendor calls our signed `/vendor/v1/seamless/...` API
 *   (docs/vendor-integration.md) with the session token the launch handed over.
 */
export interface VendorAdapter {
  readonly vendorCode: string;
  launch(request: LaunchRequest): string;
  syncCatalogue?(): Promise<VendorCatalogueEntry[]>;
  transfer?: TransferVendorAdapter;
}

/** Everything a vendor's game page needs to run a player's session against our seamless wallet. */
export interface LaunchRequest {
  gameCode: string;
  sessionToken: string;
  merchantCode: string;
  playerId: string;
  currency: string;
  language: string;
}

/** One game as a vendor's catalogue lists it. */
export const vendorCatalogueEntry = z.object({
  gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  displayName: z.string().min(1).max(100),
  gameType: z.enum(['LIVE', 'FISH', 'RNG', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT']),
});
export type VendorCatalogueEntry = z.infer<typeof vendorCatalogueEntry>;
const catalogueAnswer = z.object({ games: z.array(vendorCatalogueEntry).max(2_000) });

/** A vendor row as the adapters need it. */
export interface VendorLaunchSettings {
  code: string;
  launchKind: VendorLaunchKind;
  launchUrl: string | null;
  secret?: string;
}

/** In-house BGS: our own game pages (the in-house module serves /bgs/play/<gameCode>). */
function inhouseLaunch(request: LaunchRequest): string {
  return bgsLaunchUrl(request.gameCode, request.sessionToken);
}

/** Our own lottery pages without the side menu (/lottert, /vnlottery, /sealottery), by game code. */
function portalLaunch(pagePath: string, request: LaunchRequest): string {
  return `${pagePath}?gameCode=${encodeURIComponent(request.gameCode)}`;
}

/**
 * A vendor hosting its own game page: the page gets the session token, player, merchant and currency
 * in the query, as seamless vendors expect, and calls our seamless API with them.
 */
function hostedLaunch(launchUrl: string, request: LaunchRequest): string {
  const query = new URLSearchParams({
    token: request.sessionToken,
    gameCode: request.gameCode,
    playerId: request.playerId,
    merchantCode: request.merchantCode,
    currency: request.currency,
    language: request.language,
  });
  return `${launchUrl}${launchUrl.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** The vendor could not produce a launch (no address configured). */
export class VendorNotLaunchableError extends Error {}

/**
 * The adapter of one vendor from its row. Hosted vendors publish their catalogue next to the launch
 * address (`<launchUrl>/../catalogue`), signed like every vendor answer.
 */
export function vendorAdapterOf(
  settings: VendorLaunchSettings,
  options: { timeoutMs: number },
): VendorAdapter {
  const { launchUrl } = settings;
  switch (settings.launchKind) {
    case 'inhouse':
      return { vendorCode: settings.code, launch: inhouseLaunch };
    case 'portal':
      return {
        vendorCode: settings.code,
        launch(request) {
          if (!launchUrl) throw new VendorNotLaunchableError(`${settings.code} has no page`);
          return portalLaunch(launchUrl, request);
        },
      };
    case 'hosted':
      return {
        vendorCode: settings.code,
        launch(request) {
          if (!launchUrl) throw new VendorNotLaunchableError(`${settings.code} has no launch address`);
          return hostedLaunch(launchUrl, request);
        },
        syncCatalogue: () => fetchCatalogue(settings, options.timeoutMs),
      };
  }
}

/** Reads a hosted vendor's signed catalogue; throws when it cannot be read or verified. */
async function fetchCatalogue(
  settings: VendorLaunchSettings,
  timeoutMs: number,
): Promise<VendorCatalogueEntry[]> {
  if (!settings.launchUrl || !settings.secret)
    throw new VendorNotLaunchableError(`${settings.code}: no address`);
  const url = settings.launchUrl.replace(/\/launch$/, '/catalogue');
  const body = JSON.stringify({ vendorCode: settings.code });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders(settings.secret, body) },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const check = verifySignature(
    settings.secret,
    response.headers.get(signatureHeaders.timestamp) ?? undefined,
    response.headers.get(signatureHeaders.signature) ?? undefined,
    text,
  );
  if (check !== 'valid') throw new Error(`${settings.code}: catalogue answer signature ${check}`);
  return catalogueAnswer.parse(JSON.parse(text)).games;
}
