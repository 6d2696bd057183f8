import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { opsSessionCalls } from '@portal/contracts/calls/ops';
import { Field, FormError, SubmitButton } from '../../../../components/ui/form';
import { QrCode } from '../../../../components/ui/qr-code';
import { writeStored } from '../../../../lib/storage';
import type { SendCall } from '../../../../lib/api';
import { useOperatorApi } from '../../api/operator-api-context';
import {
  readOperatorSession,
  sessionAnswerParts,
  storeOperatorSession,
  type OperatorAccount,
} from '../../api/operator-session';
import { useOperatorErrorText } from '../../api/queue-queries';
import { NewPasswordField } from './new-password-field';
import { staffPasswordProblem } from './staff-rules';
import './staff.css';

/** localStorage flag the login form reads to offer the code field up front (login-page.tsx). */
const usesCodeKey = 'operatorUsesCode';

/** Reads the session again (what it must still do, when it ends) and stores it; the console follows. */
async function refreshSession(api: SendCall): Promise<void> {
  const info = await api(opsSessionCalls.operatorMe);
  const token = readOperatorSession().token;
  if (!token) return;
  const { account, times } = sessionAnswerParts(info);
  storeOperatorSession(token, account, times);
}

function DutyFrame({
  account,
  onLogout,
  titleKey,
  leadKey,
  children,
}: {
  account: OperatorAccount;
  onLogout: () => void;
  titleKey: string;
  leadKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('ops-staff');
  return (
    <main className="operator-login staff-duty">
      <div className="operator-login__card staff-duty__card">
        <h1>{t(titleKey)}</h1>
        <p className="operator-login__lead">{t(leadKey)}</p>
        <p className="staff-duty__who">
          {t('duty.signedInAs', { username: account.username })}{' '}
          <button type="button" className="button button--ghost" onClick={onLogout}>
            {t('duty.logout')}
          </button>
        </p>
        {children}
      </div>
    </main>
  );
}

/** The forced password change: the only call such a session may make (besides who am I and logout). */
function PasswordChange({ account, onLogout }: { account: OperatorAccount; onLogout: () => void }) {
  const { t } = useTranslation('ops-staff');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async () => {
      await api(opsSessionCalls.opsPasswordChange, { body: { currentPassword: current, newPassword: next } });
      await refreshSession(api);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = staffPasswordProblem(next);
    if (rule) return setProblem(t(rule));
    if (next !== repeat) return setProblem(t('duty.mismatch'));
    setProblem(null);
    change.mutate();
  };
  return (
    <DutyFrame
      account={account}
      onLogout={onLogout}
      titleKey="duty.passwordTitle"
      leadKey="duty.passwordLead"
    >
      <form className="staff-duty__form" onSubmit={submit} noValidate>
        <Field
          label={t('duty.current')}
          type="password"
          value={current}
          onValueChange={setCurrent}
          autoComplete="current-password"
          required
        />
        <NewPasswordField
          label={t('duty.new')}
          hint={t('passwordRule')}
          value={next}
          onValueChange={setNext}
        />
        <Field
          label={t('duty.repeat')}
          type="password"
          value={repeat}
          onValueChange={setRepeat}
          autoComplete="new-password"
          required
        />
        <FormError>{problem ?? (change.isError ? errorText(change.error) : null)}</FormError>
        <SubmitButton pending={change.isPending} pendingLabel={t('pending')} block>
          {t('duty.passwordSubmit')}
        </SubmitButton>
      </form>
    </DutyFrame>
  );
}

/**
 * Authenticator enrolment: a new secret as a QR code and as text, confirmed with the app's current code;
 * then the session is whole. The secret is asked for once per visit of this page (a new one each time).
 */
function TotpEnrolment({ account, onLogout }: { account: OperatorAccount; onLogout: () => void }) {
  const { t } = useTranslation('ops-staff');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const enrolment = useQuery({
    queryKey: ['operator-enrolment', account.id],
    queryFn: () => api(opsSessionCalls.opsTotpEnrol),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const confirm = useMutation({
    mutationFn: async () => {
      await api(opsSessionCalls.opsTotpConfirm, { body: { code } });
      writeStored('localStorage', usesCodeKey, '1');
      await refreshSession(api);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setInvalid(true);
    confirm.mutate();
  };
  return (
    <DutyFrame account={account} onLogout={onLogout} titleKey="duty.enrolTitle" leadKey="duty.enrolLead">
      {enrolment.isPending ? <p role="status">{t('duty.preparing')}</p> : null}
      {enrolment.isError ? (
        <div>
          <FormError>{errorText(enrolment.error)}</FormError>
          <button type="button" className="button button--secondary" onClick={() => void enrolment.refetch()}>
            {t('duty.retry')}
          </button>
        </div>
      ) : null}
      {enrolment.data ? (
        <form className="staff-duty__form" onSubmit={submit} noValidate>
          <ol className="staff-duty__steps">
            <li>
              <p>{t('duty.step1')}</p>
              <div className="staff-duty__qr">
                <QrCode value={enrolment.data.otpauthUrl} label={t('duty.qrLabel')} sizePx={192} />
              </div>
              <p className="staff-duty__secret">
                {t('duty.secret')} <code data-testid="totp-secret">{enrolment.data.secret}</code>
              </p>
            </li>
            <li>
              <p>{t('duty.step2')}</p>
              <Field
                label={t('duty.code')}
                error={invalid ? t('duty.codeInvalid') : null}
                value={code}
                onValueChange={(value) => {
                  setCode(value.replace(/\D/g, '').slice(0, 6));
                  setInvalid(false);
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
              />
            </li>
          </ol>
          <FormError>{confirm.isError ? errorText(confirm.error) : null}</FormError>
          <SubmitButton pending={confirm.isPending} pendingLabel={t('pending')} block>
            {t('duty.enrolSubmit')}
          </SubmitButton>
        </form>
      ) : null}
    </DutyFrame>
  );
}

/**
 * What a staff session must do before the console opens (issue 16): choose its own password (a reset or
 * initial one), then set up an authenticator app. The server refuses every other call meanwhile.
 */
export default function AccountDuties({
  account,
  onLogout,
}: {
  account: OperatorAccount;
  onLogout: () => void;
}) {
  return account.mustChangePassword ? (
    <PasswordChange account={account} onLogout={onLogout} />
  ) : (
    <TotpEnrolment account={account} onLogout={onLogout} />
  );
}
