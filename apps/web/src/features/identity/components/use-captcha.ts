import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageKey, useApiClient, type MessageKey } from '../../../lib/api';

/** Captcha refreshes are limited to one a second (spec section 5). */
export const captchaRefreshMs = 1000;

export interface CaptchaState {
  /** data: URL of the PNG, null until loaded. */
  image: string | null;
  captchaId: string | null;
  errorKey: MessageKey | null;
  refresh: () => void;
}

/** Loads a captcha while enabled; refresh() fetches a new one, at most once a second. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const api = useApiClient();
  const [state, setState] = useState<{
    image: string | null;
    captchaId: string | null;
    errorKey: MessageKey | null;
  }>({ image: null, captchaId: null, errorKey: null });
  const lastLoadRef = useRef(0);
  const requestRef = useRef(0);
  const pendingRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const fetchNow = useCallback(() => {
    lastLoadRef.current = Date.now();
    const request = ++requestRef.current;
    let captchaId: string | null = null;
    api('captcha', { onHeaders: (headers) => (captchaId = headers.get('x-captcha-id')) }).then(
      (png) => {
        if (request !== requestRef.current) return;
        setState({ image: `data:image/png;base64,${png}`, captchaId, errorKey: null });
      },
      (error: unknown) => {
        if (request !== requestRef.current) return;
        setState({ image: null, captchaId: null, errorKey: errorMessageKey(error) });
      },
    );
  }, [api]);

  const load = useCallback(() => {
    const waitMs = captchaRefreshMs - (Date.now() - lastLoadRef.current);
    if (waitMs <= 0) {
      fetchNow();
      return;
    }
    // Within the 1 s limit the refresh is deferred, not dropped: a captcha used by a failed login is gone
    // on the server, so the form must still get a fresh one.
    pendingRef.current ??= setTimeout(() => {
      pendingRef.current = null;
      fetchNow();
    }, waitMs);
  }, [fetchNow]);

  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);

  useEffect(
    () => () => {
      if (pendingRef.current) clearTimeout(pendingRef.current);
    },
    [],
  );

  return { ...state, refresh: load };
}
