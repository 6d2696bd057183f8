import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageKey, useApiClient } from '../../../lib/api';

/** Captcha refreshes are limited to one a second (spec section 5). */
export const captchaRefreshMs = 1000;

export interface CaptchaState {
  /** data: URL of the PNG, null until loaded. */
  image: string | null;
  captchaId: string | null;
  errorKey: string | null;
  refresh: () => void;
}

/** Loads a captcha while enabled; refresh() fetches a new one, at most once a second. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const api = useApiClient();
  const [state, setState] = useState<{
    image: string | null;
    captchaId: string | null;
    errorKey: string | null;
  }>({ image: null, captchaId: null, errorKey: null });
  const lastLoadRef = useRef(0);
  const requestRef = useRef(0);

  const load = useCallback(() => {
    const now = Date.now();
    if (now - lastLoadRef.current < captchaRefreshMs) return;
    lastLoadRef.current = now;
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

  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);

  return { ...state, refresh: load };
}
