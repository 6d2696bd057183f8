import type {
  AgentContract,
  ConsolidatedContractFlags,
  ContractKind,
  ContractOfferPayload,
  ContractPreview,
  Currency,
} from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { isApiError } from '../../../lib/api';
import { useContractOffer, useOfferPreview } from '../api/contract-queries';
import { checkTiers, emptyTier, tiersPayload, tiersValid, type TierDraft } from '../model/contract-tiers';
import { enabledKinds, flagOfKind } from '../model/contract-view';
import { formatRate, moneyFormat } from '../model/format';
import { ContractFacts, EndingContracts } from './contract-summary';
import { DownlineAgentSelect, type DownlineChoice } from './downline-agent-select';
import { useErrorText } from './error-text';
import { TiersEditor } from './tiers-editor';

/** Whom the contract is with: a direct downline agent (chosen in the modal when null), or the upline. */
export type ContractTarget =
  { side: 'downline'; downline: DownlineChoice | null } | { side: 'upline'; upline: DownlineChoice };

interface ContractModalProps {
  target: ContractTarget;
  flags: ConsolidatedContractFlags;
  currency: Currency;
  onClose: () => void;
  /** The offer or request was made. */
  onDone: (contract: AgentContract) => void;
}

interface Draft {
  kind: ContractKind | null;
  counterpart: DownlineChoice | null;
  tiers: TierDraft[];
}

/** The payload of a complete draft, or null while the kind or the counterpart is missing. */
function payloadOf(draft: Draft): ContractOfferPayload | null {
  if (!draft.kind || !draft.counterpart) return null;
  return { counterpartId: draft.counterpart.id, kind: draft.kind, tiers: tiersPayload(draft.tiers) };
}

/**
 * The contract modal (spec section 2): an offer to a direct downline agent or a request to the upline.
 * The agent fills the kind and tiers (checked as the server checks them), then reviews what the server
 * says confirming would do, the upline's rate limit and the exact contracts that would end, and agrees
 * before the offer is sent with those contracts' ids.
 */
export function ContractModal({ target, flags, currency, onClose, onDone }: ContractModalProps) {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const kinds = enabledKinds(flags);
  const [draft, setDraft] = useState<Draft>({
    kind: kinds[0] ?? null,
    counterpart: target.side === 'upline' ? target.upline : target.downline,
    tiers: [{ ...emptyTier }],
  });
  const [checked, setChecked] = useState(false);
  // The server's preview, for the kind and counterpart it was asked about; each answer has its version.
  const [preview, setPreview] = useState<{ key: string; value: ContractPreview; version: number } | null>(
    null,
  );
  const [step, setStep] = useState<'edit' | 'review' | 'editAgain'>('edit');
  const showPreview = (value: ContractPreview) =>
    setPreview((current) => ({ key: previewKey, value, version: (current?.version ?? 0) + 1 }));
  const [formError, setFormError] = useState<string | null>(null);
  const offerPreview = useOfferPreview();
  const offer = useContractOffer();

  const previewKey = `${draft.kind ?? ''}:${draft.counterpart?.id ?? ''}`;
  const ownFlag = draft.kind ? flagOfKind(flags, draft.kind) : null;
  // An offer shares the caller's own rate: its limit is known before the server is asked.
  const ownLimit = target.side === 'downline' && ownFlag?.inForce ? ownFlag.rate : null;
  const limit = preview?.key === previewKey ? preview.value.uplineRate : ownLimit;
  const problems = checkTiers(draft.tiers, currency.decimals, limit);

  const review = async () => {
    setChecked(true);
    setFormError(null);
    const payload = payloadOf(draft);
    if (!payload || !tiersValid(problems)) return;
    try {
      const value = await offerPreview.mutateAsync(payload);
      showPreview(value);
      // Over the upline's rate: the agent stays here, with the limit now beside each rate.
      if (tiersValid(checkTiers(draft.tiers, currency.decimals, value.uplineRate))) setStep('review');
    } catch (error) {
      setFormError(errorText(error));
    }
  };

  const confirm = async (confirmEnding: number[]) => {
    const payload = payloadOf(draft);
    if (!payload) return;
    setFormError(null);
    try {
      onDone(await offer.mutateAsync({ ...payload, confirmEnding }));
    } catch (error) {
      setFormError(errorText(error));
      // The contracts that would end changed since the preview: show the new list to agree to.
      if (isApiError(error) && error.code === 'contracts_would_end') {
        offerPreview.mutate(payload, { onSuccess: showPreview });
      }
    }
  };

  const title =
    target.side === 'upline' ? t('agent.contracts.requestTitle') : t('agent.contracts.offerTitle');
  return (
    <ModalDialog className="agent-dialog agent-dialog--wide" title={title} icon="users" onClose={onClose}>
      {step === 'review' && preview && draft.kind && draft.counterpart ? (
        <OfferReview
          key={preview.version}
          preview={preview.value}
          kind={draft.kind}
          counterpart={draft.counterpart.account}
          counterpartRole={target.side}
          tiers={tiersPayload(draft.tiers)}
          currency={currency}
          pending={offer.isPending || offerPreview.isPending}
          formError={formError}
          onBack={() => {
            setFormError(null);
            setStep('editAgain');
          }}
          onConfirm={(ids) => void confirm(ids)}
        />
      ) : (
        <OfferForm
          target={target}
          kinds={kinds}
          draft={draft}
          onDraft={setDraft}
          problems={checked ? problems : null}
          limit={limit}
          noOwnRate={target.side === 'downline' && ownFlag !== null && !ownFlag.inForce}
          currency={currency}
          pending={offerPreview.isPending}
          formError={formError}
          focusOnMount={step === 'editAgain'}
          onReview={() => void review()}
        />
      )}
    </ModalDialog>
  );
}

interface OfferFormProps {
  target: ContractTarget;
  kinds: readonly ContractKind[];
  draft: Draft;
  onDraft: (draft: Draft) => void;
  problems: ReturnType<typeof checkTiers> | null;
  limit: string | null;
  noOwnRate: boolean;
  currency: Currency;
  pending: boolean;
  formError: string | null;
  /** Coming back from the review: focus goes to the first field, as when the modal opened. */
  focusOnMount: boolean;
  onReview: () => void;
}

/** The modal's first step: kind, counterpart and tiers. */
function OfferForm(props: OfferFormProps) {
  const { target, kinds, draft, onDraft, problems, limit, noOwnRate, currency, pending, formError } = props;
  const { t } = useTranslation('agent');
  const formRef = useRef<HTMLFormElement>(null);
  const focusOnMount = props.focusOnMount;
  useEffect(() => {
    if (focusOnMount) formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [focusOnMount]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onReview();
  };
  const showProblems = problems !== null;
  const incomplete = showProblems && (!tiersValid(problems) || !draft.counterpart || !draft.kind);
  return (
    <form ref={formRef} className="agent-form agent-contract-form" onSubmit={submit} noValidate>
      <FieldFrame
        label={t('agent.contracts.kind')}
        requiredMark
        error={showProblems && !draft.kind ? t('agent.contracts.problems.kind') : null}
      >
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={draft.kind ?? ''}
            data-autofocus
            onChange={(event) =>
              onDraft({ ...draft, kind: kinds.find((kind) => kind === event.target.value) ?? null })
            }
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`agent.contracts.kinds.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <CounterpartField
        target={target}
        value={draft.counterpart}
        onChange={(counterpart) => onDraft({ ...draft, counterpart })}
        error={showProblems && !draft.counterpart ? t('agent.contracts.problems.downline') : null}
      />
      <p className="agent-note">
        {limit !== null
          ? t('agent.contracts.limit', { rate: formatRate(limit) })
          : t('agent.contracts.limitOnReview')}
      </p>
      {noOwnRate && draft.kind ? (
        <FormMessage kind="info">
          {t('agent.contracts.noOwnRate', { kind: t(`agent.contracts.kinds.${draft.kind}`) })}
        </FormMessage>
      ) : null}
      <TiersEditor
        tiers={draft.tiers}
        onChange={(tiers) => onDraft({ ...draft, tiers })}
        problems={problems}
        limit={limit === null ? null : formatRate(limit)}
        currencyDecimals={currency.decimals}
      />
      <FormError>{formError ?? (incomplete ? t('agent.contracts.fixProblems') : null)}</FormError>
      <SubmitButton pending={pending} pendingLabel={t('agent.contracts.checking')}>
        {t('agent.contracts.review')}
      </SubmitButton>
    </form>
  );
}

/** The other party: the upline or a preset downline as text, else the choice of a direct downline agent. */
function CounterpartField({
  target,
  value,
  onChange,
  error,
}: {
  target: ContractTarget;
  value: DownlineChoice | null;
  onChange: (value: DownlineChoice | null) => void;
  error: string | null;
}) {
  const { t } = useTranslation('agent');
  if (target.side === 'upline' || target.downline) {
    return (
      <p className="agent-counterpart">
        <span className="form-field__label">{t(`agent.contracts.roles.${target.side}`)}</span>{' '}
        <strong>{value?.account}</strong>
      </p>
    );
  }
  return <DownlineAgentSelect value={value} onChange={onChange} error={error} />;
}

interface OfferReviewProps {
  preview: ContractPreview;
  kind: ContractKind;
  counterpart: string;
  counterpartRole: 'upline' | 'downline';
  tiers: ReturnType<typeof tiersPayload>;
  currency: Currency;
  pending: boolean;
  formError: string | null;
  onBack: () => void;
  onConfirm: (confirmEnding: number[]) => void;
}

/** The modal's second step: the rate rule, the contracts that would end, and the agreement. */
function OfferReview(props: OfferReviewProps) {
  const { preview, kind, counterpart, counterpartRole, tiers, currency, pending, formError } = props;
  const { t } = useTranslation('agent');
  const [agreed, setAgreed] = useState(false);
  const [agreeProblem, setAgreeProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The review (mounted afresh for each answer of the server) is read from its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview.ending.length > 0 && !agreed) {
      setAgreeProblem(t('agent.contracts.ending.mustAgree'));
      return;
    }
    props.onConfirm(preview.ending.map((contract) => contract.id));
  };
  return (
    <form className="agent-form agent-contract-form" onSubmit={submit} noValidate>
      <h3 className="agent-card__title" ref={headingRef} tabIndex={-1}>
        {t('agent.contracts.reviewTitle')}
      </h3>
      <ContractFacts
        kind={kind}
        counterpart={counterpart}
        counterpartRole={counterpartRole}
        tiers={tiers}
        money={moneyFormat(currency)}
      />
      <p className="agent-rule">{t('agent.contracts.rateRule', { rate: formatRate(preview.uplineRate) })}</p>
      <EndingContracts
        ending={preview.ending}
        agreed={agreed}
        onAgree={(value) => {
          setAgreed(value);
          setAgreeProblem(null);
        }}
        problem={agreeProblem}
      />
      <FormError>{formError}</FormError>
      <div className="agent-dialog__actions">
        <button type="button" className="button button--ghost" onClick={props.onBack}>
          {t('agent.contracts.back')}
        </button>
        <SubmitButton pending={pending} pendingLabel={t('agent.contracts.sending')}>
          {counterpartRole === 'upline' ? t('agent.contracts.sendRequest') : t('agent.contracts.sendOffer')}
        </SubmitButton>
      </div>
    </form>
  );
}
