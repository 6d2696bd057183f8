import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/session';
import { findRoute, guardRedirect, routeTable } from './routes';

const visitor: Session = { token: null, merchantCode: null, userType: null };
const member: Session = { token: 'abc123', merchantCode: 'LUCKY', userType: 3 };
const agent: Session = { token: 'abc123', merchantCode: 'LUCKY', userType: 41 };

describe('route table', () => {
  it('holds every route of spec section 2 exactly once', () => {
    const specPaths = [
      '/',
      '/index',
      '/index.html',
      '/home',
      '/login',
      '/register',
      '/promotions',
      '/bgs',
      '/live',
      '/fish',
      '/rng',
      '/pvp',
      '/sports',
      '/esports',
      '/lott',
      '/elott',
      '/cockfight',
      '/help',
      '/agent',
      '/agentHome',
      '/member',
      '/resetPassword',
      '/pointMall',
      '/seamless',
      '/favorite',
      '/recent',
      '/lottery',
      '/seaLottery',
      '/vnLottery',
      '/lottert',
      '/vnlottery',
      '/sealottery',
      // The app download page and install guides (the labels of spec section 2).
      '/download',
      '*',
    ];
    const paths = routeTable.map((entry) => entry.path);
    expect([...paths].sort()).toEqual([...specPaths].sort());
  });

  it('renders home for the home aliases, login and register', () => {
    for (const path of ['/', '/index', '/index.html', '/home', '/login', '/register']) {
      expect(findRoute(path).page).toBe('home');
    }
  });

  it('sends visitors of /favorite, /recent and /pointMall to the login popup', () => {
    expect(findRoute('/favorite').guard).toBe('sessionToken');
    expect(findRoute('/recent').guard).toBe('sessionToken');
    // The points mall is open (issue 15): its own page, for a signed-in player.
    expect(findRoute('/pointMall')).toMatchObject({ page: 'pointMall', guard: 'sessionToken' });
    expect(guardRedirect(findRoute('/pointMall').guard, visitor)).toBe('/login');
    expect(findRoute('/rng').page).toBe('games');
  });

  it('hides the side menu only on the game pages and /seamless', () => {
    const hidden = routeTable.filter((entry) => !entry.sideMenu).map((entry) => entry.path);
    expect(hidden.sort()).toEqual(['/lottert', '/sealottery', '/seamless', '/vnlottery']);
  });

  it('tells /vnLottery from /vnlottery (paths are case-sensitive)', () => {
    expect(findRoute('/vnLottery').guard).toBe('sessionToken');
    expect(findRoute('/vnlottery').guard).toBe('public');
    expect(findRoute('/VNLOTTERY').page).toBe('notFound');
  });
});

describe('guards', () => {
  it('sends a visitor without a token from the lottery routes to /login', () => {
    for (const path of ['/lottery', '/seaLottery', '/vnLottery']) {
      expect(guardRedirect(findRoute(path).guard, visitor)).toBe('/login');
      expect(guardRedirect(findRoute(path).guard, member)).toBeNull();
    }
  });

  it('sends anyone but an agent from /agentHome to /agent', () => {
    const rule = findRoute('/agentHome').guard;
    expect(guardRedirect(rule, visitor)).toBe('/agent');
    expect(guardRedirect(rule, member)).toBe('/agent');
    expect(guardRedirect(rule, { ...agent, token: null })).toBe('/agent');
    expect(guardRedirect(rule, agent)).toBeNull();
  });

  it('lets everyone open the public routes', () => {
    const publicRoutes = routeTable.filter((entry) => entry.guard === 'public');
    expect(publicRoutes.length).toBeGreaterThan(20);
    for (const entry of publicRoutes) expect(guardRedirect(entry.guard, visitor)).toBeNull();
  });
});
