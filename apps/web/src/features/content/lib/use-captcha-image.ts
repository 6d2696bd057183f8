import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageKey, useApiClient, type MessageKey } from '../../../lib/api';

/** Spec section 5: the captcha picture refreshes at most once a second. */
export const captchaRefreshMs = 1000;

/** A captcha picture and its id; refresh() asks for a new one, never more than once a second. */
export function useCaptchaImage() {
  const api = useApiClient();
  const [state, setState] = useState<{
    image: string | null;
    captchaId: string | null;
    errorKey: MessageKey | null;
  }>({
    image: null,
    captchaId: null,
    errorKey: null,
  });
  const lastRef = useRef(0);
  const request = useRef(0);

  const refresh = useCallback(() => {
    if (Date.now() - lastRef.current < captchaRefreshMs) return;
    lastRef.current = Date.now();
    const mine = ++request.current;
    let captchaId: string | null = null;
    api('captcha', { onHeaders: (headers) => (captchaId = headers.get('x-captcha-id')) }).then(
      (png) => {
        if (mine === request.current)
          setState({ image: `data:image/png;base64,${png}`, captchaId, errorKey: null });
      },
      (error: unknown) => {
        if (mine === request.current)
          setState({ image: null, captchaId: null, errorKey: errorMessageKey(error) });
      },
    );
  }, [api]);

  useEffect(() => refresh(), [refresh]);
  return { ...state, refresh };
}
