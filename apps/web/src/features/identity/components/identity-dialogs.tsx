import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsNamespace } from '../../../i18n';
import { errorCodeKey, errorMessageKey, useApiClient } from '../../../lib/api';
import { useIdentity, type IdentityDialog } from '../identity-context';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { FormMessage } from './form-field';
import { LoginForm } from './login-form';
import { LoginQr } from './login-qr';
import { Modal } from './modal';
import { RegisterForm } from './register-form';
import { SocialLoginButtons } from './social-login-buttons';

function FreePlayButton() {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await api('freePlay', { body: { os: 'web', platform: 'W', gatewayVersion: 3 } });
      identity.completeLogin({ result, method: 'freePlay' });
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={pending}
        onClick={() => void start()}
      >
        {t('identity.freePlay')}
      </button>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </>
  );
}

function LoginDialog() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  return (
    <Modal title={t('auth.login')} icon="login" onClose={identity.closeDialog}>
      {identity.bannerSlot?.('w_login')}
      {identity.loginReason ? (
        <FormMessage kind="info">{t(`identity.loginReason.${identity.loginReason}`)}</FormMessage>
      ) : null}
      <LoginForm side="member" onForgotPassword={() => identity.openDialog('forgotPassword')} />
      {identity.modules?.freePlay ? <FreePlayButton /> : null}
      <SocialLoginButtons />
      <p className="identity-dialog__switch">
        {t('identity.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => identity.openDialog('register')}>
          {t('auth.register')}
        </button>
      </p>
      <LoginQr />
    </Modal>
  );
}

function RegisterDialog() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  return (
    <Modal title={t('auth.register')} icon="user" onClose={identity.closeDialog} size="medium">
      {identity.bannerSlot?.('w_register')}
      <RegisterForm />
      <p className="identity-dialog__switch">
        {t('identity.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => identity.openDialog('login')}>
          {t('auth.login')}
        </button>
      </p>
    </Modal>
  );
}

function LogoutDialog() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  const messageId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      title={t('identity.logout.title')}
      icon="logout"
      onClose={identity.closeDialog}
      role="alertdialog"
      describedBy={messageId}
    >
      <p id={messageId} className="identity-dialog__message">
        {t('identity.logout.confirm')}
      </p>
      <div className="identity-dialog__actions">
        <button type="button" className="button button--ghost" data-autofocus onClick={identity.closeDialog}>
          {t('identity.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={() => {
            setPending(true);
            void identity.logout();
          }}
        >
          {t('identity.logout.action')}
        </button>
      </div>
    </Modal>
  );
}

function NoticeDialog({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  // The errors namespace too: a notice may be a catalogued code's text (the trial account's).
  const { t } = useTranslation(['identity', errorsNamespace]);
  const identity = useIdentity();
  const messageId = useId();
  return (
    <Modal title={t(titleKey)} icon="info" onClose={identity.closeDialog} describedBy={messageId}>
      <p id={messageId} className="identity-dialog__message">
        {t(textKey)}
      </p>
      <div className="identity-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={identity.closeDialog}
        >
          {t('identity.submit')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The forced password change (spec section 4): it cannot be dismissed; the only ways out are a new
 * password or logging out, because the server refuses every other call until then.
 */
function ForcedChangeDialog() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  return (
    <Modal title={t('identity.forcedChange.title')} icon="lock" onClose={null}>
      <FormMessage kind="info">{t('identity.forcedChange.text')}</FormMessage>
      <ChangePasswordForm knownPassword={identity.knownPassword()} onChanged={identity.passwordChanged} />
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => void identity.logout()}
      >
        {t('identity.logout.action')}
      </button>
    </Modal>
  );
}

function ChangePasswordDialog() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  return (
    <Modal title={t('identity.changePassword.title')} icon="lock" onClose={identity.closeDialog}>
      <ChangePasswordForm knownPassword={null} onChanged={identity.passwordChanged} />
    </Modal>
  );
}

interface IdentityDialogsProps {
  dialog: IdentityDialog | null;
  forcedChange: boolean;
}

/** The open identity dialog; the forced change outranks all of them. Loaded as its own chunk. */
export default function IdentityDialogs({ dialog, forcedChange }: IdentityDialogsProps) {
  const identity = useIdentity();
  if (forcedChange) return dialog === 'logout' ? <LogoutDialog /> : <ForcedChangeDialog />;
  switch (dialog) {
    case null:
      return null;
    case 'login':
      return <LoginDialog />;
    case 'register':
      return <RegisterDialog />;
    case 'forgotPassword':
      return (
        <ForgotPasswordDialog
          banner={identity.bannerSlot?.('w_forget')}
          onClose={identity.closeDialog}
          onBackToLogin={() => identity.openDialog('login')}
        />
      );
    case 'changePassword':
      return <ChangePasswordDialog />;
    case 'logout':
      return <LogoutDialog />;
    case 'welcome':
      return <NoticeDialog titleKey="identity.welcome.title" textKey="identity.welcome.text" />;
    case 'trialBlocked':
      return <NoticeDialog titleKey="identity.trial.title" textKey={errorCodeKey('in_need_true_account')} />;
  }
}
