/**
 * The lobby's numbers from spec section 9, in one place so the components and their tests agree.
 */
export const lobbyConstants = {
  /** Home and hot lists ask for this many games. */
  homePageSize: 20,
  /** Hot games are shown in slides of this many. */
  hotChunkSize: 3,
  hotAutoplayMs: 1200,
  /** The "games chunked 2" list layout shows columns of this many games. */
  gamesChunkSize: 2,
  /** The hot-game counter grows by this much (2 decimals) every hotCounterIntervalMs. */
  hotCounterStep: 165.11,
  hotCounterIntervalMs: 3000,
  /** The grid carousel of a category row shows this many cards per view. */
  gridPerView: 6,
  /** Arrows appear only when a row has more games than this. */
  gridArrowsAbove: 12,
  /** Category lists read this many games at once: the server's page-size cap (contracts gameListMaxPageSize). */
  listPageSize: 100,
  /** Non-home category lists show this many games before "more". */
  listTruncateAt: 12,
  jackpotStartMin: 20_000_000,
  jackpotStartMax: 21_000_000,
  jackpotStepMin: 100,
  jackpotStepMax: 500,
  jackpotIntervalsMs: [3000, 4000, 5000] as const,
  /** The winner board asks for limitNum 20 and shows the 9 biggest. */
  winnerLimit: 20,
  winnersShown: 9,
  /** Favourite toggles and their calls: at most one per game per second (spec section 5). */
  favouriteThrottleMs: 1000,
  favouritesPageSize: 999,
  recentPageSize: 20,
} as const;
