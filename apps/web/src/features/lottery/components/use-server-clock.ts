import { useEffect, useState } from 'react';

/**
 * The server's clock, ticking every second: the offset between the server time of the last reply and the
 * moment it arrived corrects a wrong device clock, so countdowns end when the server closes betting.
 */
export function useServerNow(serverTime: string | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const offsetMs = serverTime ? Date.parse(serverTime) - receivedAt : 0;
  return now + offsetMs;
}
