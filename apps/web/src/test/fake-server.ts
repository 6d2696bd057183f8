import type {
  AgentCalls,
  CallName,
  Calls,
  PointsCalls,
  RgCalls,
  ResponseOf,
  RewardCalls,
} from '@portal/contracts';
import type { CallResponse } from '../lib/api';
import { buildHelpCenter, buildPermission, buildStatus, buildWhitelabel } from './fixtures';

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The request body as sent (JSON or form text), null without one. */
  body: string | null;
}

/** The body of a call that answers a file (`file: true`, e.g. a CSV export), with its content type. */
export interface FileReply {
  file: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** What a successful call answers: a file for a file call (its value type is Blob), else an envelope value. */
type SuccessReply<Value> = [Value] extends [never]
  ? never
  : [Value] extends [Blob]
    ? FileReply
    : { value: Value; headers?: Record<string, string> };

/**
 * A reply the fake server gives: an envelope value (with optional response headers) or a file, a
 * failure, or a thrown network error.
 */
export type FakeReply<Value = unknown> =
  SuccessReply<Value> | { status: number; body: unknown } | { networkError: true };

/** Any reply, of any call: what the fake server's own table holds. */
type AnyReply = FakeReply | FileReply;
type AnyRoute = AnyReply | ((request: RecordedRequest) => AnyReply | Promise<AnyReply>);

/** A table entry: a fixed reply, or a function of the request (sync or async). */
export type FakeRoute<Value = unknown> =
  FakeReply<Value> | ((request: RecordedRequest) => FakeReply<Value> | Promise<FakeReply<Value>>);

/** A catalogue path as the browser requests it: each `:param` segment any text. */
type Concrete<Path extends string> = Path extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Concrete<Tail>}`
  : Path extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Path;

/**
 * The fake server's table, typed by the call catalogue: a path answers the value type of the call (or
 * calls) at that path, so a fixture cannot drift from the contract it stands for.
 */
type PlayerTable = {
  [Name in CallName as Concrete<Calls[Name]['path']>]?: FakeRoute<CallResponse<Name>>;
};

/** The agent centre's calls (sent by definition, outside the player catalogue), by path. */
type AgentPath = AgentCalls[keyof AgentCalls]['path'];
/** Every value a path answers: a list and its create share a path (GET and POST /wps/agent/downlines). */
type AgentValueAt<Path> = {
  [Name in keyof AgentCalls]: AgentCalls[Name]['path'] extends Path ? ResponseOf<AgentCalls[Name]> : never;
}[keyof AgentCalls];
type AgentTable = { [Path in AgentPath as Concrete<Path>]?: FakeRoute<AgentValueAt<Path>> };

/** The reward calls (sent by definition, their own contracts entry as the agent calls), by path. */
type RewardPath = RewardCalls[keyof RewardCalls]['path'];
type RewardValueAt<Path> = {
  [Name in keyof RewardCalls]: RewardCalls[Name]['path'] extends Path ? ResponseOf<RewardCalls[Name]> : never;
}[keyof RewardCalls];
type RewardTable = { [Path in RewardPath as Concrete<Path>]?: FakeRoute<RewardValueAt<Path>> };

/** The points calls (their own contracts entry, as the reward calls), by path. */
type PointsPath = PointsCalls[keyof PointsCalls]['path'];
type PointsValueAt<Path> = {
  [Name in keyof PointsCalls]: PointsCalls[Name]['path'] extends Path ? ResponseOf<PointsCalls[Name]> : never;
}[keyof PointsCalls];
type PointsTable = { [Path in PointsPath as Concrete<Path>]?: FakeRoute<PointsValueAt<Path>> };

/** The responsible-gaming calls (issue 17, their own contracts entry), by path. */
type RgPath = RgCalls[keyof RgCalls]['path'];
type RgValueAt<Path> = {
  [Name in keyof RgCalls]: RgCalls[Name]['path'] extends Path ? ResponseOf<RgCalls[Name]> : never;
}[keyof RgCalls];
type RgTable = { [Path in RgPath as Concrete<Path>]?: FakeRoute<RgValueAt<Path>> };

export type FakeTable = PlayerTable & AgentTable & RewardTable & PointsTable & RgTable;

/**
 * A fetch implementation that answers API paths from a table, as the real server would (envelope,
 * status codes), and records every request. It stands in for the network, not for the client.
 */
export function createFakeFetch(replies: FakeTable = {}) {
  const requests: RecordedRequest[] = [];
  const table: Record<string, AnyRoute> = {
    '/wps/system/status': { value: buildStatus() },
    '/wps/system/whitelabel': { value: buildWhitelabel() },
    '/wps/system/permission': { value: buildPermission() },
    '/wps/system/helpCenter': { value: buildHelpCenter() },
    // Content: nothing published unless a test says otherwise.
    '/wps/relay/announcement_list': (request) => ({
      value: {
        items: [],
        pageNo: 1,
        pageSize: Number(request.url.searchParams.get('pageSize') ?? 9),
        total: 0,
        totalPages: 0,
      },
    }),
    '/wps/relay/announcement_notices': { value: [] },
    '/wps/relay/announcement_popups': { value: [] },
    '/wps/relay/banner_list': { value: [] },
    // Rewards: no activity and an empty bonus wallet (a withdrawal is free) unless a test says otherwise.
    '/wps/rewards/activities': { value: { activities: [] } },
    // Red envelopes and raffles (decision 0031): none unless a test says otherwise.
    '/wps/rewards/red-envelopes': { value: { envelopes: [] } },
    '/wps/rewards/raffles': { value: { raffles: [] } },
    '/wps/rewards/bonuses': {
      value: { balance: '0.00', withdrawal: 'free', forfeitAmount: '0.00', bonuses: [] },
    },
    ...replies,
  };

  const fetchImpl: typeof fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://portal.test');
    const request: RecordedRequest = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const entry = table[url.pathname];
    const reply = typeof entry === 'function' ? await entry(request) : entry;
    if (!reply) {
      return Response.json(
        { success: false, value: null, message: 'Not found', code: 'not_found' },
        { status: 404 },
      );
    }
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    if ('file' in reply) {
      return new Response(reply.file, {
        headers: { 'content-type': reply.contentType ?? 'text/csv; charset=utf-8', ...reply.headers },
      });
    }
    if ('value' in reply) {
      return Response.json({ success: true, value: reply.value, message: 'OK' }, { headers: reply.headers });
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(body, { status: reply.status, headers: { 'content-type': 'application/json' } });
  };

  return { fetch: fetchImpl, requests };
}
