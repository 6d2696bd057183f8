import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useOperatorApi } from '../api/operator-api-context';
import type { opsMessageCalls, opsPaymentCalls } from '../api/operator-calls';

/** The ops calls that answer a proof image by the row's id. */
type ProofCall = (typeof opsPaymentCalls)['opsDepositProof'] | (typeof opsPaymentCalls)['opsWithdrawalProof'];
/** The ops call that answers one of a row's images by its index (a feedback's). */
type IndexedImageCall = (typeof opsMessageCalls)['opsFeedbackImage'];

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
 * A proof image (deposit slip, missing-payout claim) or one of a feedback's images (`index`, `alt`)
 * inline in its row: the ops API answers the bytes with the staff token, so it is read as a blob rather
 * than linked; a click opens it full size.
 */
export function ProofImage(
  props:
    | { call: ProofCall; id: string; account: string }
    | { call: IndexedImageCall; id: string; index: number; alt: string },
) {
  const { call, id } = props;
  const { t } = useTranslation('operator');
  const api = useOperatorApi();
  const [open, setOpen] = useState(false);
  const index = 'index' in props ? props.index : null;
  const proof = useQuery({
    queryKey: ['operator', 'proof', call.path, id, index],
    queryFn: async ({ signal }) =>
      dataUrlOf(
        'index' in props
          ? await api(props.call, { params: { id, index: props.index }, signal })
          : await api(props.call, { params: { id }, signal }),
      ),
    staleTime: Infinity,
  });
  const url = proof.data;
  if (proof.isError) return <span className="operator-proof__missing">{t('proof.failed')}</span>;
  if (!url) return <span className="operator-proof__loading">{t('proof.loading')}</span>;
  const alt = 'alt' in props ? props.alt : t('proof.alt', { id, account: props.account });
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
