import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useOperatorApi } from '../api/operator-api-context';
import type { opsPaymentCalls } from '../api/operator-calls';

/** The ops calls that answer a proof image by the row's id. */
type ProofCall = (typeof opsPaymentCalls)['opsDepositProof'] | (typeof opsPaymentCalls)['opsWithdrawalProof'];

/** A blob as a data: address (the CSP allows data: images; nothing to revoke afterwards). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No image data'));
    reader.onerror = () => reject(reader.error ?? new Error('The proof could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A proof image (deposit slip, missing-payout claim) inline in its row: the ops API answers the bytes
 * with the staff token, so it is read as a blob rather than linked; a click opens it full size.
 */
export function ProofImage({ call, id, account }: { call: ProofCall; id: string; account: string }) {
  const { t } = useTranslation('operator');
  const api = useOperatorApi();
  const [open, setOpen] = useState(false);
  const proof = useQuery({
    queryKey: ['operator', 'proof', call.path, id],
    queryFn: async ({ signal }) => dataUrlOf(await api(call, { params: { id }, signal })),
    staleTime: Infinity,
  });
  const url = proof.data;
  if (proof.isError) return <span className="operator-proof__missing">{t('proof.failed')}</span>;
  if (!url) return <span className="operator-proof__loading">{t('proof.loading')}</span>;
  const alt = t('proof.alt', { id, account });
  return (
    <>
      <button type="button" className="operator-proof" onClick={() => setOpen(true)}>
        <img src={url} alt={alt} className="operator-proof__thumb" />
        <span className="visually-hidden">{t('proof.open')}</span>
      </button>
      {open ? (
        <ModalDialog title={alt} onClose={() => setOpen(false)} className="operator-proof-dialog">
          <img src={url} alt={alt} className="operator-proof__full" />
        </ModalDialog>
      ) : null}
    </>
  );
}
