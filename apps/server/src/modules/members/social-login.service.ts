import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { LoginResult, SocialLoginStartPayload, SocialProvider } from '@portal/contracts';
import { AppError } from '../../http/errors';
import { completeLoginOf, hashPassword, type LoginContext } from '../auth';
import * as repo from './social-login.repo';
import { insertMember } from './members.repo';

/**
 * Social login over OpenID Connect (issue 18 item 11, decision 0048; docs/social-login.md): authorization
 * code with PKCE (S256), state and nonce, through openid-client. A started login is one database row,
 * so the callback may reach any instance; the callback hands the browser a one-time ticket, never the
 * session token. Account rules: a linked identity (issuer + subject) signs in to its account; an
 * unknown one opens a new account; an e-mail address never links an existing account by itself.
 */

/** How long a started login and a callback ticket live. */
const stateLifetimeMs = 10 * 60_000;
const ticketLifetimeMs = 2 * 60_000;
/** Discovered provider configurations are kept this long per issuer, client and secret. */
const discoveryTtlMs = 10 * 60_000;
const discoveryCacheLimit = 200;
const scopes = 'openid email profile';

const discovered = new Map<string, { config: oidc.Configuration; at: number }>();

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The provider's configuration (discovery document), cached; http only for a loopback issuer. */
async function configurationOf(row: { issuer: string; client_id: string; client_secret: string }) {
  const secretHash = createHash('sha256').update(row.client_secret).digest('hex').slice(0, 16);
  const key = `${row.issuer}\n${row.client_id}\n${secretHash}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < discoveryTtlMs) return cached.config;
  const issuer = new URL(row.issuer);
  try {
    const config = await oidc.discovery(
      issuer,
      row.client_id,
      row.client_secret,
      undefined,
      issuer.protocol === 'http:' && isLoopback(issuer)
        ? { execute: [oidc.allowInsecureRequests] }
        : undefined,
    );
    if (discovered.size >= discoveryCacheLimit) discovered.clear();
    discovered.set(key, { config, at: Date.now() });
    return config;
  } catch (error) {
    throw new AppError(
      'social_login_failed',
      `The sign-in provider could not be reached: ${messageOf(error)}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
}

async function enabledProvider(context: LoginContext, provider: string) {
  const row = await repo.selectProvider(context.db, context.merchant.id, provider);
  if (!row?.enabled) {
    throw new AppError('social_login_unavailable', `Sign-in with ${provider} is not offered here`);
  }
  return row;
}

/** `POST /wps/session/oidc/start`: the provider's authorization address for this visitor. */
export async function start(
  context: LoginContext,
  origin: string,
  payload: SocialLoginStartPayload,
): Promise<{ authorizationUrl: string }> {
  const row = await enabledProvider(context, payload.provider);
  const config = await configurationOf(row);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = `${origin}/wps/session/oidc/callback`;
  await repo.deleteExpired(context.db);
  await repo.insertState(context.db, {
    state,
    merchant_id: context.merchant.id,
    provider: payload.provider,
    nonce,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
    return_to: payload.returnTo ?? '/',
    expires_at: new Date(Date.now() + stateLifetimeMs),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.href };
}

/** Where the browser goes after the callback: back with a ticket, or back with an error code. */
function backTo(returnTo: string, parameter: 'socialTicket' | 'socialError', value: string): string {
  const url = new URL(returnTo, 'http://portal.invalid');
  url.searchParams.set(parameter, value);
  return `${url.pathname}${url.search}`;
}

/**
 * `GET /wps/session/oidc/callback`: checks the state (single use, this merchant's), trades the code
 * with the PKCE verifier, validates the ID token (issuer, audience, nonce, signature), finds or opens the
 * account and answers the address to send the browser to, carrying a one-time ticket.
 */
export async function callback(context: LoginContext, query: URLSearchParams): Promise<string> {
  const state = query.get('state') ?? '';
  const started = state ? await repo.takeState(context.db, state) : undefined;
  if (!started || started.merchant_id !== context.merchant.id) return backTo('/', 'socialError', 'state');
  if (query.get('error')) return backTo(started.return_to, 'socialError', 'denied');
  try {
    const row = await enabledProvider(context, started.provider);
    const config = await configurationOf(row);
    const currentUrl = new URL(`${started.redirect_uri}?${query.toString()}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: started.code_verifier,
      expectedState: state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError('social_login_failed', 'The provider sent no ID token');
    const profile = await profileOf(config, tokens.access_token, claims);
    const memberId = await memberOf(context, started.provider as SocialProvider, claims, profile);
    const ticket = randomBytes(32).toString('base64url');
    await repo.insertTicket(context.db, {
      ticket_hash: hashOf(ticket),
      merchant_id: context.merchant.id,
      member_id: memberId,
      expires_at: new Date(Date.now() + ticketLifetimeMs),
    });
    return backTo(started.return_to, 'socialTicket', ticket);
  } catch (error) {
    context.log.warn({ err: error, provider: started.provider }, 'social login callback refused');
    return backTo(started.return_to, 'socialError', 'failed');
  }
}

interface Profile {
  email: string | null;
  name: string | null;
}

/**
 * The verified e-mail address and name: from the ID token when it carries them (Google's does), else
 * from the userinfo endpoint, whose subject must be the ID token's (openid-client checks it).
 */
async function profileOf(
  config: oidc.Configuration,
  accessToken: string,
  claims: oidc.IDToken,
): Promise<Profile> {
  let source: Record<string, unknown> = claims;
  if (claims.email === undefined) {
    try {
      source = await oidc.fetchUserInfo(config, accessToken, claims.sub);
    } catch {
      source = claims;
    }
  }
  const email = source.email_verified === true && typeof source.email === 'string' ? source.email : null;
  const name = typeof source.name === 'string' ? source.name.trim().slice(0, 32) || null : null;
  return { email, name };
}

function hashOf(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The account an identity signs in to: its linked one, else a new account linked to it. */
async function memberOf(
  context: LoginContext,
  provider: SocialProvider,
  claims: oidc.IDToken,
  profile: Profile,
): Promise<number> {
  const { merchant, db } = context;
  const linked = await repo.selectIdentity(db, merchant.id, claims.iss, claims.sub);
  if (linked) return linked.member_id;
  const { email, name: nickname } = profile;
  // A stable name from the identity: the provider's letter and 14 hex digits of SHA-256(issuer, subject).
  const digest = createHash('sha256').update(`${claims.iss}\n${claims.sub}`).digest('hex');
  const username = `${provider === 'google' ? 'g' : 'f'}${digest.slice(0, 14)}`;
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await insertMember(trx, {
      merchant_id: merchant.id,
      username,
      username_key: username,
      // Nobody knows this password: the account signs in through its provider (a phone reset sets one).
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      type: 0,
      nickname,
      email,
      mobile: null,
      payee_name: null,
      profile: JSON.stringify({ socialLogin: provider }),
      parent_agent_id: null,
    });
    if (!inserted) return undefined;
    await repo.insertIdentity(trx, {
      merchant_id: merchant.id,
      issuer: claims.iss,
      subject: claims.sub,
      provider,
      member_id: inserted.id,
      email,
    });
    return inserted.id;
  });
  if (created !== undefined) return created;
  // Two callbacks of one identity at once: the other made the account and the link.
  const raced = await repo.selectIdentity(db, merchant.id, claims.iss, claims.sub);
  if (raced) return raced.member_id;
  throw new AppError('conflict', 'This account name is taken');
}

/** `POST /wps/session/oidc/exchange`: the ticket, once, for the account's session. */
export async function exchange(context: LoginContext, ticket: string): Promise<LoginResult> {
  const taken = await repo.takeTicket(context.db, context.merchant.id, hashOf(ticket));
  if (!taken)
    throw new AppError('social_login_ticket_invalid', 'This sign-in link has expired; please try again');
  const standing = await repo.selectMemberStanding(context.db, context.merchant.id, taken.member_id);
  if (standing?.status !== 'active' || standing.type !== 0) {
    throw new AppError('account_disabled', 'This account is disabled');
  }
  return completeLoginOf(context, taken.member_id, 'oidc');
}
