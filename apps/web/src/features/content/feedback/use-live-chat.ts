import { useState } from 'react';
import { useApiClient } from '../../../lib/api';

/**
 * Opens a customer-service entry's live chat. The window opens within the click (popup blockers allow
 * only that), then goes to the address the server makes: the entry's chat with this caller's context
 * encrypted into it. `failed` is set when the server gave no usable address.
 */
export function useLiveChat() {
  const api = useApiClient();
  const [failed, setFailed] = useState(false);
  const open = (id: number) => {
    setFailed(false);
    const opened = window.open('', '_blank');
    api('liveChatOpen', { query: { id } }).then(
      ({ url }) => {
        if (!/^(https?:|mailto:|tel:)/i.test(url)) throw new Error('unexpected chat address');
        if (!opened) return window.location.assign(url);
        opened.opener = null;
        opened.location.href = url;
      },
      () => {
        opened?.close();
        setFailed(true);
      },
    );
  };
  return { open, failed };
}
