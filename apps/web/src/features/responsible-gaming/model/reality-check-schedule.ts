/**
 * When the reality check is due: the latest whole multiple of the interval after the session's start
 * that has passed and is not answered yet (`shownUpToMs`), so a check that fell due while the page was
 * closed or still loading shows at once; otherwise the next multiple later than `nowMs`.
 */
export function nextRealityCheckAt(
  startedAtMs: number,
  intervalMinutes: number,
  nowMs: number,
  shownUpToMs = 0,
): number {
  const intervalMs = intervalMinutes * 60_000;
  const slot = (index: number) => startedAtMs + index * intervalMs;
  const passed = Math.floor(Math.max(0, nowMs - startedAtMs) / intervalMs);
  const due = passed >= 1 && slot(passed) > shownUpToMs ? slot(passed) : slot(passed + 1);
  // Never a slot already answered (a clock that moved back).
  const firstUnanswered = slot(Math.max(0, Math.floor((shownUpToMs - startedAtMs) / intervalMs)) + 1);
  return shownUpToMs > 0 ? Math.max(due, firstUnanswered) : due;
}

/** Where the browser keeps, for the session that started at `startedAtMs`, the last check answered. */
export const realityCheckAnsweredKey = 'realityCheckAnswered';

/** The last answered check of this session, from `<startedAtMs>:<answeredMs>` (0 for another session). */
export function answeredUpTo(stored: string | null, startedAtMs: number): number {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(stored ?? '');
  return match && Number(match[1]) === startedAtMs ? Number(match[2]) : 0;
}

/** Elapsed time as h:mm:ss. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
