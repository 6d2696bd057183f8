/**
 * When the next reality check is due: the first whole multiple of the interval after the session's start
 * that is later than `nowMs` (a check missed while the page was closed shows at once on the next page).
 */
export function nextRealityCheckAt(
  startedAtMs: number,
  intervalMinutes: number,
  nowMs: number,
  shownUpToMs = 0,
): number {
  const intervalMs = intervalMinutes * 60_000;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  const due = startedAtMs + Math.max(1, Math.ceil(elapsed / intervalMs)) * intervalMs;
  // A check already answered for this slot is not shown again.
  return due <= shownUpToMs ? due + intervalMs : due;
}

/** Elapsed time as h:mm:ss. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
