import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerProfile } from '@portal/contracts';
import { Field, FieldFrame, FormError, FormMessage, SubmitButton } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { opsPlayerCalls } from '../../api/operator-calls';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';

/** A console write: on success every console read refreshes; the error stays for the dialog to show. */
function useConsoleWrite<Input, Result>(run: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorQueryKey }),
  });
}

interface ActionDialogProps {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  /** What the dialog shows instead of its form once the action is done. */
  done?: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** One dialog look for the profile's actions: its fields, its error, its submit; a result once done. */
function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation('ops-players');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <ModalDialog title={props.title} onClose={props.onClose} className="operator-confirm">
      {props.done ? (
        <div className="operator-confirm__form">
          {props.done}
          <div className="operator-confirm__buttons">
            <button type="button" className="button button--primary" onClick={props.onClose} data-autofocus>
              {t('actions.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="operator-confirm__form" onSubmit={submit} noValidate>
          {props.children}
          <FormError>{props.error}</FormError>
          <div className="operator-confirm__buttons">
            <button type="button" className="button button--secondary" onClick={props.onClose}>
              {t('actions.cancel')}
            </button>
            <SubmitButton pending={props.pending} pendingLabel={t('actions.pending')}>
              {props.submitLabel}
            </SubmitButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** A button that opens its dialog; the dialog closes itself through `close`. */
function DialogButton({
  label,
  tone = 'secondary',
  children,
}: {
  label: string;
  tone?: 'primary' | 'secondary' | 'danger';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`button button--${tone}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? children(() => setOpen(false)) : null}
    </>
  );
}

/** Lock (a reason; the player's sessions end at once) or unlock. */
export function LockButton({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  const locked = profile.status === 'locked';
  return (
    <DialogButton
      label={t(locked ? 'actions.unlock' : 'actions.lock')}
      tone={locked ? 'secondary' : 'danger'}
    >
      {(close) => <LockDialog profile={profile} locked={locked} close={close} />}
    </DialogButton>
  );
}

function LockDialog({
  profile,
  locked,
  close,
}: {
  profile: PlayerProfile;
  locked: boolean;
  close: () => void;
}) {
  const { t } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const write = useConsoleWrite((text: string) =>
    locked
      ? api(opsPlayerCalls.opsPlayerUnlock, { params: { id: profile.id } })
      : api(opsPlayerCalls.opsPlayerLock, { params: { id: profile.id }, body: { reason: text } }),
  );
  const submit = () => {
    if (!locked && reason.trim() === '') {
      setMissing(true);
      return;
    }
    write.mutate(reason.trim(), { onSuccess: close });
  };
  return (
    <ActionDialog
      title={t(locked ? 'lock.unlockTitle' : 'lock.title', { account: profile.account })}
      submitLabel={t(locked ? 'actions.unlock' : 'actions.lock')}
      pending={write.isPending}
      error={write.isError ? errorText(write.error) : null}
      onClose={close}
      onSubmit={submit}
    >
      <p>{t(locked ? 'lock.unlockText' : 'lock.text')}</p>
      {locked ? null : (
        <Field
          label={t('lock.reason')}
          value={reason}
          onValueChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          error={missing ? t('lock.reasonMissing') : null}
          maxLength={200}
          requiredMark
          data-autofocus
        />
      )}
    </ActionDialog>
  );
}

/** Password reset: a temporary password shown once; the next login must change it first. */
export function ResetPasswordButton({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  return (
    <DialogButton label={t('actions.resetPassword')}>
      {(close) => <ResetDialog profile={profile} close={close} />}
    </DialogButton>
  );
}

function ResetDialog({ profile, close }: { profile: PlayerProfile; close: () => void }) {
  const { t } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const write = useConsoleWrite(() =>
    api(opsPlayerCalls.opsPlayerResetPassword, { params: { id: profile.id } }),
  );
  return (
    <ActionDialog
      title={t('reset.title', { account: profile.account })}
      submitLabel={t('actions.resetPassword')}
      pending={write.isPending}
      error={write.isError ? errorText(write.error) : null}
      onClose={close}
      onSubmit={() => write.mutate(undefined)}
      done={
        write.data ? (
          <>
            <FormMessage kind="success">{t('reset.done')}</FormMessage>
            <p>
              {t('reset.temporary')}{' '}
              <code className="ops-players__secret">{write.data.temporaryPassword}</code>
            </p>
          </>
        ) : undefined
      }
    >
      <p>{t('reset.text')}</p>
    </ActionDialog>
  );
}

/** Move the account (an agent with its team) under another agent, named by its account. */
export function MoveButton({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  return (
    <DialogButton label={t('actions.move')}>
      {(close) => <MoveDialog profile={profile} close={close} />}
    </DialogButton>
  );
}

function MoveDialog({ profile, close }: { profile: PlayerProfile; close: () => void }) {
  const { t } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [upline, setUpline] = useState('');
  const write = useConsoleWrite((uplineAccount: string) =>
    api(opsPlayerCalls.opsPlayerMove, { params: { id: profile.id }, body: { uplineAccount } }),
  );
  return (
    <ActionDialog
      title={t('move.title', { account: profile.account })}
      submitLabel={t('actions.move')}
      pending={write.isPending}
      error={write.isError ? errorText(write.error) : null}
      onClose={close}
      onSubmit={() => upline.trim() && write.mutate(upline.trim())}
      done={
        write.data ? (
          <FormMessage kind="success">
            {t('move.done', { upline: write.data.uplineAccount, count: write.data.movedTeam })}
          </FormMessage>
        ) : undefined
      }
    >
      <p>{t('move.text')}</p>
      <Field
        label={t('move.upline')}
        value={upline}
        onValueChange={setUpline}
        maxLength={64}
        requiredMark
        autoComplete="off"
        data-autofocus
      />
    </ActionDialog>
  );
}

/** A fresh id naming one adjustment request (a retried click sends the same one). */
function newRequestId(): string {
  return crypto.randomUUID();
}

/** Credit or debit the main wallet with a reason; above the threshold it waits for a second operator. */
export function AdjustButton({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  return (
    <DialogButton label={t('actions.adjust')} tone="primary">
      {(close) => <AdjustDialog profile={profile} close={close} />}
    </DialogButton>
  );
}

const amountPattern = /^\d{1,16}(\.\d{1,4})?$/;

function AdjustDialog({ profile, close }: { profile: PlayerProfile; close: () => void }) {
  const { t } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [requestId] = useState(newRequestId);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const write = useConsoleWrite(() =>
    api(opsPlayerCalls.opsAdjustmentCreate, {
      params: { id: profile.id },
      body: { direction, amount: amount.trim(), reason: reason.trim(), requestId },
    }),
  );
  const submit = () => {
    const found: typeof problems = {};
    if (!amountPattern.test(amount.trim()) || Number(amount) <= 0) found.amount = t('adjust.amountInvalid');
    if (reason.trim().length < 3) found.reason = t('adjust.reasonMissing');
    setProblems(found);
    if (!found.amount && !found.reason) write.mutate(undefined);
  };
  const result = write.data?.adjustment;
  return (
    <ActionDialog
      title={t('adjust.title', { account: profile.account })}
      submitLabel={t('actions.adjust')}
      pending={write.isPending}
      error={write.isError ? errorText(write.error) : null}
      onClose={close}
      onSubmit={submit}
      done={
        result ? (
          <FormMessage kind={result.status === 'pending' ? 'info' : 'success'}>
            {result.status === 'pending' ? (
              <>
                {t('adjust.pending', { amount: result.amount })}{' '}
                <Link to="/operator/adjustments">{t('adjust.queue')}</Link>
              </>
            ) : (
              t('adjust.applied', { amount: result.amount })
            )}
          </FormMessage>
        ) : undefined
      }
    >
      <p>
        {t('adjust.text', {
          threshold: profile.adjustmentThreshold,
          currency: profile.balances.currencyCode,
        })}
      </p>
      <FieldFrame label={t('adjust.direction')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={direction}
            onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
            data-autofocus
          >
            <option value="credit">{t('adjust.credit')}</option>
            <option value="debit">{t('adjust.debit')}</option>
          </select>
        )}
      </FieldFrame>
      <Field
        label={t('adjust.amount', { currency: profile.balances.currencyCode })}
        value={amount}
        onValueChange={setAmount}
        error={problems.amount ?? null}
        inputMode="decimal"
        maxLength={21}
        requiredMark
        autoComplete="off"
      />
      <Field
        label={t('adjust.reason')}
        value={reason}
        onValueChange={setReason}
        error={problems.reason ?? null}
        maxLength={200}
        requiredMark
      />
    </ActionDialog>
  );
}

/** A top agent (type 1): the owner chooses its first password, which its first login must change. */
export function TopAgentButton() {
  const { t } = useTranslation('ops-players');
  return (
    <DialogButton label={t('actions.createTopAgent')}>
      {(close) => <TopAgentDialog close={close} />}
    </DialogButton>
  );
}

function TopAgentDialog({ close }: { close: () => void }) {
  const { t } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const write = useConsoleWrite(() =>
    api(opsPlayerCalls.opsTopAgentCreate, {
      body: {
        username: username.trim(),
        password,
        ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
      },
    }),
  );
  return (
    <ActionDialog
      title={t('topAgent.title')}
      submitLabel={t('actions.createTopAgent')}
      pending={write.isPending}
      error={write.isError ? errorText(write.error) : null}
      onClose={close}
      onSubmit={() => username.trim() && password && write.mutate(undefined)}
      done={
        write.data ? (
          <FormMessage kind="success">
            {t('topAgent.done', { account: write.data.account, code: write.data.affiliateCode ?? '—' })}{' '}
            <Link to={`/operator/players/${write.data.id}`}>{t('topAgent.open')}</Link>
          </FormMessage>
        ) : undefined
      }
    >
      <p>{t('topAgent.text')}</p>
      <Field
        label={t('topAgent.username')}
        value={username}
        onValueChange={setUsername}
        maxLength={64}
        requiredMark
        autoComplete="off"
        data-autofocus
      />
      <Field
        label={t('topAgent.password')}
        type="password"
        value={password}
        onValueChange={setPassword}
        maxLength={64}
        requiredMark
        autoComplete="new-password"
      />
      <Field label={t('topAgent.nickname')} value={nickname} onValueChange={setNickname} maxLength={64} />
    </ActionDialog>
  );
}
