import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon';
import { htmlLangOf } from '../../../i18n/languages';
import { paymentErrorKey, readProofImage } from '../model/payment-model';

/** The translated text of a failed payments call. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('payments');
  return (error) => t(paymentErrorKey(error, (key) => i18n.exists(key, { ns: 'payments' })));
}

// The labelled input and the form message are the shared form kit's (components/ui/form.tsx).
export { Field, FormMessage as Message } from '../../../components/ui/form';

/** A titled region of a member-centre page (the security centre's section look). */
export function PaymentSection({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="security-section" aria-labelledby={id}>
      <h2 id={id} className="security-section__title">
        <Icon name={icon} />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A proof image picker: PNG or JPEG up to 5 MB (checked by content), with a preview and a remove button. */
export function ProofField({
  label,
  onChange,
}: {
  label: string;
  onChange: (base64: string | null) => void;
}) {
  const { t } = useTranslation('payments');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setPreview(null);
    onChange(null);
    if (!file) return;
    const read = await readProofImage(file);
    if ('problem' in read) {
      setProblem(t(read.problem === 'size' ? 'payments.proof.tooLarge' : 'payments.proof.wrongType'));
      setInputKey((key) => key + 1);
      return;
    }
    setPreview(URL.createObjectURL(file));
    onChange(read.base64);
  };
  const clear = () => {
    setPreview(null);
    onChange(null);
    setInputKey((key) => key + 1);
  };

  return (
    <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        className="proof-field__input"
        aria-describedby={`${id}-hint`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {t('payments.proof.hint')}
      </p>
      {problem ? (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <div className="proof-field__preview">
          <img src={preview} alt={t('payments.proof.preview')} />
          <button type="button" className="button button--ghost" onClick={clear}>
            {t('payments.proof.remove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A status as a small labelled chip (colour by state, text always present). */
export function StatusChip({ status, label }: { status: string; label: string }) {
  return <span className={`status-chip status-chip--${status}`}>{label}</span>;
}

/** Date and time for lists, in the page language. */
export function useFormatTime(): (iso: string) => string {
  const { i18n } = useTranslation('payments');
  const format = new Intl.DateTimeFormat(htmlLangOf(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso) => format.format(new Date(iso));
}
