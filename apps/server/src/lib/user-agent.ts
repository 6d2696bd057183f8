import UAParser from 'ua-parser-js';

/** What a user agent names: browser and system with their major versions, and the kind of device. */
export interface DeviceOfAgent {
  /** "Chrome 131"; null when the agent names none. */
  browser: string | null;
  /** "Windows 10"; null when the agent names none. */
  os: string | null;
  /** ua-parser-js's device type (mobile, tablet, ...), desktop when it names none, unknown without agent. */
  device: string;
}

/**
 * Browser, system and device of a user agent (ua-parser-js), for people reading a session list: the
 * operator's player sessions and the player's own security centre.
 */
export function deviceOf(userAgent: string | null): DeviceOfAgent {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const parsed = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.version),
    device: parsed.device.type ?? 'desktop',
  };
}
