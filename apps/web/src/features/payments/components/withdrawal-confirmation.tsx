import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawalConfirmPayload } from '@portal/contracts';
import { useApiClient } from '../../../lib/api';
import { useMoneyMutation } from '../api/payments-queries';
import { Field, Message, ProofField, useErrorText, useFormatTime } from './fields';

type Claim = 'not_received' | 'partially_received';

/**
 * The player's answer after a payout (spec section 4): received; not received (with a proof image);
 * partially received (the missing remainder, with a proof image); and, after a claim, all received.
 * Unanswered until the deadline it becomes forced-received on the server.
 */
export function WithdrawalConfirmation({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const api = useApiClient();
  const [claim, setClaim] = useState<Claim | null>(null);
  const [remainder, setRemainder] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const confirm = useMoneyMutation((payload: WithdrawalConfirmPayload) =>
    api('withdrawalConfirm', { params: { id: withdrawal.id }, body: payload }),
  );

  const isClaim = withdrawal.status === 'not_received' || withdrawal.status === 'partially_received';
  if (withdrawal.status !== 'disbursed' && !isClaim) return null;
  const send = (payload: WithdrawalConfirmPayload) =>
    confirm.mutate(payload, { onSuccess: () => setClaim(null) });
  const submitClaim = (event: FormEvent) => {
    event.preventDefault();
    const proofPart = proof ? { proofImage: proof } : {};
    if (claim === 'partially_received')
      send({ outcome: 'partially_received', remainder: remainder.trim(), ...proofPart });
    else send({ outcome: 'not_received', ...proofPart });
  };

  return (
    <div className="withdrawal-confirmation" role="group" aria-label={t('payments.confirm.label')}>
      {withdrawal.status === 'disbursed' && withdrawal.receiptDeadlineAt ? (
        <p className="money-list__meta">
          {t('payments.confirm.deadline', { time: formatTime(withdrawal.receiptDeadlineAt) })}
        </p>
      ) : null}
      {isClaim ? (
        <>
          <p className="money-list__meta">{t('payments.confirm.claimOpen')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={confirm.isPending}
            onClick={() => send({ outcome: 'all_received' })}
          >
            {t('payments.confirm.allReceived')}
          </button>
        </>
      ) : claim === null ? (
        <div className="withdrawal-confirmation__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={confirm.isPending}
            onClick={() => send({ outcome: 'received' })}
          >
            {t('payments.confirm.received')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setClaim('not_received')}>
            {t('payments.confirm.notReceived')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setClaim('partially_received')}
          >
            {t('payments.confirm.partiallyReceived')}
          </button>
        </div>
      ) : (
        <form className="identity-form" onSubmit={submitClaim} noValidate>
          {claim === 'partially_received' ? (
            <Field
              label={t('payments.confirm.remainder')}
              value={remainder}
              onValueChange={setRemainder}
              inputMode="decimal"
              autoComplete="off"
              required
            />
          ) : null}
          <ProofField label={t('payments.confirm.proof')} onChange={setProof} />
          <div className="withdrawal-confirmation__actions">
            <button type="submit" className="button button--primary" disabled={confirm.isPending}>
              {t('payments.confirm.sendClaim')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setClaim(null)}>
              {t('payments.cancel')}
            </button>
          </div>
        </form>
      )}
      {confirm.isError ? <Message kind="error">{errorText(confirm.error)}</Message> : null}
    </div>
  );
}
