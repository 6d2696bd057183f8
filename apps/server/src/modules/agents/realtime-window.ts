/**
 * The length of the real-time salary's window: 5 minutes (decision 0029). `AGENT_WINDOW_MINUTES=1` makes
 * it one minute for the browser tests alone (e2e/global-setup.ts), whose salary journey would otherwise
 * wait up to five minutes for its window to close; any other value than 1 or 5 stops the server at start.
 * The settlement (windowOf) and the 5-minute rollup of member_windows read the same figure.
 */
export const realtimeWindowMinutes = windowMinutesOf(process.env.AGENT_WINDOW_MINUTES);

export const realtimeWindowMs = realtimeWindowMinutes * 60_000;

function windowMinutesOf(text: string | undefined): 1 | 5 {
  if (text === undefined || text === '' || text === '5') return 5;
  if (text === '1') return 1;
  throw new Error(`AGENT_WINDOW_MINUTES must be 1 or 5 (is ${text})`);
}
