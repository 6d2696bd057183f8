import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { readStored, writeStored } from '../../../lib/storage';
import { useOperatorApi } from '../api/operator-api-context';
import { opsSessionCalls } from '../api/operator-calls';
import { sessionAnswerParts, sessionEndedByExpiry, storeOperatorSession } from '../api/operator-session';
import { useOperatorErrorText } from '../api/queue-queries';

/** localStorage: this browser's last staff login used an authenticator code (not a secret). */
const usesCodeKey = 'operatorUsesCode';
const codePattern = /^\d{6}$/;

/**
 * The staff login. The server answers a missing or wrong authenticator code exactly as a wrong password
 * (invalid_credentials, so a guesser learns nothing), so the form cannot be told that a code is needed:
 * it offers the code field up front when this browser's last login used one, on request, and after a
 * refused login.
 */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('operator');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [showCode, setShowCode] = useState(() => readStored('localStorage', usesCodeKey) === '1');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [expired] = useState(sessionEndedByExpiry);
  const login = useMutation({
    mutationFn: (body: { username: string; password: string; otp?: string }) =>
      api(opsSessionCalls.operatorLogin, { body }),
    onSuccess: (session, body) => {
      writeStored('localStorage', usesCodeKey, body.otp ? '1' : null);
      const { account, times } = sessionAnswerParts({ ...session.operator, ...session });
      storeOperatorSession(session.token, account, times);
      onLoggedIn();
    },
    onError: () => setShowCode(true),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const otp = showCode && code.length > 0 ? code : undefined;
    if (otp !== undefined && !codePattern.test(otp)) {
      setCodeInvalid(true);
      return;
    }
    login.mutate({ username: username.trim(), password, ...(otp ? { otp } : {}) });
  };

  return (
    <main className="operator-login">
      <form
        className="operator-login__card"
        onSubmit={submit}
        noValidate
        aria-labelledby="operator-login-title"
      >
        <h1 id="operator-login-title">{t('login.title')}</h1>
        <p className="operator-login__lead">{t('login.lead')}</p>
        {expired && !login.isError ? <FormMessage kind="info">{t('login.expired')}</FormMessage> : null}
        <Field
          label={t('login.username')}
          value={username}
          onValueChange={setUsername}
          autoComplete="username"
          required
        />
        <Field
          label={t('login.password')}
          type="password"
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          required
        />
        {showCode ? (
          <Field
            label={t('login.code')}
            hint={t('login.codeHint')}
            error={codeInvalid ? t('login.codeInvalid') : null}
            value={code}
            onValueChange={(value) => {
              setCode(value.replace(/\D/g, '').slice(0, 6));
              setCodeInvalid(false);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setShowCode(true)}>
            {t('login.useCode')}
          </button>
        )}
        <FormError>{login.isError ? errorText(login.error) : null}</FormError>
        {login.isError ? <p className="form-field__hint">{t('login.refusedHint')}</p> : null}
        <SubmitButton pending={login.isPending} pendingLabel={t('login.pending')} block>
          {t('login.submit')}
        </SubmitButton>
      </form>
    </main>
  );
}
