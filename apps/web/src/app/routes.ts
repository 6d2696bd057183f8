import { isAgentSession, type Session } from '../lib/session';

/**
 * Who may open a route: anyone; only with a stored session token (else /login); only with an agent
 * session (else /agent).
 */
export type GuardRule = 'public' | 'sessionToken' | 'agentSession';

/** Which page component renders a route. */
export type PageKey =
  | 'home'
  | 'help'
  | 'promotions'
  | 'download'
  | 'agent'
  | 'agentHome'
  | 'member'
  | 'resetPassword'
  | 'lottery'
  | 'games'
  | 'pointMall'
  | 'seamless'
  | 'notOpen'
  | 'notFound';

export interface RouteEntry {
  path: string;
  page: PageKey;
  guard: GuardRule;
  /** Whether the side menu shows (game pages hide it). */
  sideMenu: boolean;
  /** i18n key naming the section, used for the document title and the not-open page. */
  titleKey: string;
}

function route(
  path: string,
  page: PageKey,
  titleKey: string,
  options: { guard?: GuardRule; sideMenu?: boolean } = {},
): RouteEntry {
  return { path, page, titleKey, guard: options.guard ?? 'public', sideMenu: options.sideMenu ?? true };
}

/**
 * Every route of spec section 2. Sections without a page yet render the shared not-open page.
 * Paths are case-sensitive: /vnLottery and /vnlottery are different pages.
 */
export const routeTable: readonly RouteEntry[] = [
  route('/', 'home', 'nav.home'),
  route('/index', 'home', 'nav.home'),
  route('/index.html', 'home', 'nav.home'),
  route('/home', 'home', 'nav.home'),
  // The identity provider opens the login and registration popups over home on these two.
  route('/login', 'home', 'auth.login'),
  route('/register', 'home', 'auth.register'),
  route('/promotions', 'promotions', 'nav.promotions'),
  // App download and install guides (spec section 2, screens implied by labels).
  route('/download', 'download', 'nav.appDownload'),
  route('/bgs', 'games', 'nav.inHouse'),
  route('/live', 'games', 'categories.LIVE'),
  route('/fish', 'games', 'categories.FISH'),
  route('/rng', 'games', 'categories.RNG'),
  route('/pvp', 'games', 'categories.PVP'),
  route('/sports', 'games', 'categories.SPORTS'),
  route('/esports', 'games', 'categories.ESPORTS'),
  route('/lott', 'games', 'categories.LOTT'),
  route('/elott', 'games', 'categories.ELOTT'),
  route('/cockfight', 'games', 'categories.COCKFIGHT'),
  route('/help', 'help', 'help.title'),
  route('/agent', 'agent', 'nav.agent'),
  route('/agentHome', 'agentHome', 'nav.agentHome', { guard: 'agentSession' }),
  // The member centre needs a session: visitors get home with the login popup.
  route('/member', 'member', 'nav.member', { guard: 'sessionToken' }),
  // The e-mailed password reset link (/resetPassword?token=...).
  route('/resetPassword', 'resetPassword', 'identity.reset.title'),
  // The points mall (issue 15) needs a session: visitors get home with the login popup.
  route('/pointMall', 'pointMall', 'nav.pointMall', { guard: 'sessionToken' }),
  // The full-page game view (a launch's game in the whole window, the header kept); a launch needs a session.
  route('/seamless', 'seamless', 'nav.seamless', { guard: 'sessionToken', sideMenu: false }),
  // The member's own game lists need a session: visitors get home with the login popup.
  route('/favorite', 'games', 'nav.favorite', { guard: 'sessionToken' }),
  route('/recent', 'games', 'nav.recent', { guard: 'sessionToken' }),
  route('/lottery', 'lottery', 'nav.lottery', { guard: 'sessionToken' }),
  route('/seaLottery', 'lottery', 'nav.seaLottery', { guard: 'sessionToken' }),
  route('/vnLottery', 'lottery', 'nav.vnLottery', { guard: 'sessionToken' }),
  // The same lottery pages without the side menu (spec section 2 asks no token here; betting still does).
  route('/lottert', 'lottery', 'nav.lottery', { sideMenu: false }),
  route('/vnlottery', 'lottery', 'nav.vnLottery', { sideMenu: false }),
  route('/sealottery', 'lottery', 'nav.seaLottery', { sideMenu: false }),
  route('*', 'notFound', 'notFound.title'),
];

/** Where a guard sends a visitor who may not open the route, or null when they may. */
export function guardRedirect(rule: GuardRule, session: Session): string | null {
  switch (rule) {
    case 'public':
      return null;
    case 'sessionToken':
      return session.token ? null : '/login';
    case 'agentSession':
      return isAgentSession(session) ? null : '/agent';
  }
}

/** The entry for an exact, case-sensitive path; unknown paths get the not-found entry. */
export function findRoute(pathname: string): RouteEntry {
  const exact = routeTable.find((entry) => entry.path === pathname);
  const fallback = routeTable[routeTable.length - 1];
  if (!fallback) throw new Error('The route table is empty');
  return exact ?? fallback;
}
