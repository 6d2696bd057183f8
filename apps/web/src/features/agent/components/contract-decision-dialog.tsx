import type { AgentContract, ContractPreview, Currency } from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { isApiError } from '../../../lib/api';
import { useContractDecision, useContractPreview } from '../api/contract-queries';
import { rateAbove } from '../model/contract-tiers';
import { counterpartOf, type ContractAction } from '../model/contract-view';
import { formatRate, formatTime, moneyFormat } from '../model/format';
import { ContractFacts, EndingContracts } from './contract-summary';
import { useErrorText } from './error-text';
import { QueryState } from './query-state';

interface DecisionDialogProps {
  contract: AgentContract;
  action: ContractAction;
  currency: Currency;
  onClose: () => void;
  /** The answer was taken. */
  onDone: (contract: AgentContract, action: ContractAction) => void;
}

/**
 * Confirms an answer to a contract. Accepting and terminating first ask the server what they would do
 * (the contracts that end, and when a termination takes effect) and need the agent's agreement to that
 * exact list; rejecting an offer, or withdrawing one's own, ends nothing else.
 */
export function ContractDecisionDialog({ contract, action, currency, onClose, onDone }: DecisionDialogProps) {
  const { t } = useTranslation('agent');
  const counterpart = counterpartOf(contract);
  return (
    <ModalDialog
      className="agent-dialog agent-dialog--wide"
      title={t(`agent.contracts.decision.${action}.title`, { account: counterpart.account })}
      icon="users"
      onClose={onClose}
    >
      <ContractFacts
        kind={contract.kind}
        counterpart={counterpart.account}
        counterpartRole={contract.myRole === 'upline' ? 'downline' : 'upline'}
        tiers={contract.tiers}
        money={moneyFormat(currency)}
      />
      {action === 'accept' || action === 'terminate' ? (
        <PreviewedDecision contract={contract} action={action} onClose={onClose} onDone={onDone} />
      ) : (
        <DecisionForm contract={contract} action={action} preview={null} onClose={onClose} onDone={onDone} />
      )}
    </ModalDialog>
  );
}

/** Accept or terminate: the server's preview first, then the agreement. */
function PreviewedDecision({
  contract,
  action,
  onClose,
  onDone,
}: {
  contract: AgentContract;
  action: 'accept' | 'terminate';
  onClose: () => void;
  onDone: DecisionDialogProps['onDone'];
}) {
  const errorText = useErrorText();
  const preview = useContractPreview(contract.id, action);
  // Why the list is shown again: the server refused the one the agent agreed to.
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <QueryState query={preview} errorText={errorText} loadingLines={3}>
      {(value) => (
        <DecisionForm
          // A new list (read again after the server refused the old one) needs a new agreement.
          key={preview.dataUpdatedAt}
          contract={contract}
          action={action}
          preview={value}
          notice={notice}
          onStale={(message) => {
            setNotice(message);
            void preview.refetch();
          }}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </QueryState>
  );
}

interface DecisionFormProps {
  contract: AgentContract;
  action: ContractAction;
  preview: ContractPreview | null;
  /** A message to start with (the previous list was refused). */
  notice?: string | null;
  /** The server says the list of contracts that end changed: read it again. */
  onStale?: (message: string) => void;
  onClose: () => void;
  onDone: DecisionDialogProps['onDone'];
}

/** The answer's form: what it does, the contracts that end and the agreement, Cancel and confirm. */
function DecisionForm({ contract, action, preview, notice, onStale, onClose, onDone }: DecisionFormProps) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const decision = useContractDecision();
  const [agreed, setAgreed] = useState(false);
  const [agreeProblem, setAgreeProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(notice ?? null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ending = preview?.ending ?? [];
  // Focus starts on the harmless choice (Cancel), as in any confirmation: the dialog puts it there when
  // the form shows at once (data-autofocus), this effect when it shows after the preview.
  useEffect(() => cancelRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ending.length > 0 && !agreed) {
      setAgreeProblem(t('agent.contracts.ending.mustAgree'));
      return;
    }
    setFormError(null);
    try {
      const sent = action === 'withdraw' ? 'reject' : action;
      const answered = await decision.mutateAsync({
        id: contract.id,
        action: sent,
        confirmEnding: ending.map((ended) => ended.id),
      });
      onDone(answered, action);
    } catch (error) {
      const message = errorText(error);
      setFormError(message);
      if (isApiError(error) && error.code === 'contracts_would_end') onStale?.(message);
    }
  };

  return (
    <form className="agent-form agent-contract-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t(`agent.contracts.decision.${action}.text`)}</p>
      {preview && action === 'accept' ? (
        <p className="agent-rule">
          {t('agent.contracts.rateRule', { rate: formatRate(preview.uplineRate) })}
        </p>
      ) : null}
      {preview && action === 'accept' && rateAbove(contract.maxRate, preview.uplineRate) ? (
        <FormMessage kind="info">
          {t('agent.contracts.aboveLimit', { rate: formatRate(preview.uplineRate) })}
        </FormMessage>
      ) : null}
      {preview?.effectiveAt ? (
        <p className="agent-rule">
          {t('agent.contracts.effectiveAt', { time: formatTime(preview.effectiveAt, i18n.language) })}
        </p>
      ) : null}
      {preview ? (
        <EndingContracts
          ending={ending}
          agreed={agreed}
          onAgree={(value) => {
            setAgreed(value);
            setAgreeProblem(null);
          }}
          problem={agreeProblem}
        />
      ) : null}
      <FormError>{formError}</FormError>
      <div className="agent-dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onClose}
          ref={cancelRef}
          data-autofocus
        >
          {t('agent.contracts.cancel')}
        </button>
        <SubmitButton pending={decision.isPending} pendingLabel={t('agent.contracts.sending')}>
          {t(`agent.contracts.decision.${action}.confirm`)}
        </SubmitButton>
      </div>
    </form>
  );
}
