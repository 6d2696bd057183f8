/**
 * Per-key throttle: `tryTake(key)` is true at most once per `intervalMs` for each key (spec section 5:
 * the favourite toggle is throttled to 1 second). Keys are forgotten once their window has passed, so
 * the map stays as small as the number of recent toggles.
 */
export class KeyedThrottle<Key> {
  private readonly lastTaken = new Map<Key, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether the key may act now; when it may, its window starts. */
  tryTake(key: Key): boolean {
    const time = this.now();
    for (const [other, takenAt] of this.lastTaken) {
      if (time - takenAt >= this.intervalMs) this.lastTaken.delete(other);
    }
    if (this.lastTaken.has(key)) return false;
    this.lastTaken.set(key, time);
    return true;
  }
}
