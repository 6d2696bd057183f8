import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, StaffMember } from '@portal/contracts';
import { Field, FieldFrame } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useOperatorErrorText } from '../../api/queue-queries';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { NewPasswordField } from './new-password-field';
import { staffPasswordProblem, staffRoles, staffUsernameProblem } from './staff-rules';
import { useStaffChange, type StaffChange } from './staff-queries';

/** What the owner asked to do to one account (or to create one). */
export type StaffDialogState =
  { kind: 'create' } | { kind: 'role' | 'disabled' | 'password' | 'totp'; member: StaffMember };

function RoleSelect({ value, onChange }: { value: OperatorRole; onChange: (role: OperatorRole) => void }) {
  const { t } = useTranslation(['ops-staff', 'operator']);
  return (
    <FieldFrame label={t('create.role')}>
      {(control) => (
        <select
          {...control}
          className="form-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value as OperatorRole)}
        >
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {t(`operator:roles.${role}`)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

function DialogForm({
  title,
  lead,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  lead?: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('ops-staff');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <ModalDialog title={title} onClose={onClose} className="operator-confirm">
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        {lead ? <p>{lead}</p> : null}
        {children}
        <DialogFormFooter
          error={error}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          pending={pending}
          pendingLabel={t('pending')}
          submitLabel={submitLabel}
          focusCancel
        />
      </form>
    </ModalDialog>
  );
}

/**
 * The owner's dialogs on the staff list: a new account, a role, disable or enable, a password reset and an
 * authenticator reset. Each names the account and what follows; a refusal (the last owner, a taken
 * username) stays in the dialog in the reader's language.
 */
export function StaffDialog({
  state,
  onClose,
  onDone,
}: {
  state: StaffDialogState;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['ops-staff', 'operator']);
  const errorText = useOperatorErrorText();
  const change = useStaffChange();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>(state.kind === 'create' ? 'support' : state.member.role);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (change.isError ? errorText(change.error) : null);
  const run = (request: StaffChange, done: (member: StaffMember) => string) => {
    setProblem(null);
    change.mutate(request, { onSuccess: (member) => onDone(done(member)) });
  };
  const common = { pending: change.isPending, error, onClose };

  if (state.kind === 'create') {
    const submit = () => {
      const rule = staffUsernameProblem(username) ?? staffPasswordProblem(password);
      if (rule) return setProblem(t(rule));
      run({ kind: 'create', username: username.trim(), password, role }, (member) =>
        t('create.done', { username: member.username }),
      );
    };
    return (
      <DialogForm {...common} title={t('create.title')} submitLabel={t('create.submit')} onSubmit={submit}>
        <Field
          label={t('create.username')}
          hint={t('create.usernameHint')}
          value={username}
          onValueChange={setUsername}
          autoComplete="off"
          maxLength={32}
          required
        />
        <NewPasswordField
          label={t('create.password')}
          hint={t('create.passwordHint')}
          value={password}
          onValueChange={setPassword}
        />
        <RoleSelect value={role} onChange={setRole} />
      </DialogForm>
    );
  }

  const { member } = state;
  const name = { username: member.username };
  switch (state.kind) {
    case 'role':
      return (
        <DialogForm
          {...common}
          title={t('role.title', name)}
          lead={t('role.lead')}
          submitLabel={t('role.submit')}
          onSubmit={() =>
            run({ kind: 'role', id: member.id, role }, (changed) =>
              t('role.done', { ...name, role: t(`operator:roles.${changed.role}`) }),
            )
          }
        >
          <RoleSelect value={role} onChange={setRole} />
        </DialogForm>
      );
    case 'disabled': {
      const verb = member.disabled ? 'enable' : 'disable';
      return (
        <DialogForm
          {...common}
          title={t(`${verb}.title`, name)}
          lead={t(`${verb}.question`, name)}
          submitLabel={t(`${verb}.submit`)}
          onSubmit={() =>
            run({ kind: 'disabled', id: member.id, disabled: !member.disabled }, () =>
              t(`${verb}.done`, name),
            )
          }
        />
      );
    }
    case 'password': {
      const submit = () => {
        const rule = staffPasswordProblem(password);
        if (rule) return setProblem(t(rule));
        run({ kind: 'password', id: member.id, password }, () => t('password.done', name));
      };
      return (
        <DialogForm
          {...common}
          title={t('password.title', name)}
          lead={t('password.lead')}
          submitLabel={t('password.submit')}
          onSubmit={submit}
        >
          <NewPasswordField
            label={t('password.field')}
            hint={t('passwordRule')}
            value={password}
            onValueChange={setPassword}
          />
        </DialogForm>
      );
    }
    case 'totp':
      return (
        <DialogForm
          {...common}
          title={t('totpReset.title', name)}
          lead={t('totpReset.question', name)}
          submitLabel={t('totpReset.submit')}
          onSubmit={() => run({ kind: 'totp', id: member.id }, () => t('totpReset.done', name))}
        />
      );
  }
}
