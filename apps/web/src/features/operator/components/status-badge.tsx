import { useTranslation } from 'react-i18next';

/** A row's state in words (never colour alone), with the reject reason or remark under it. */
export function StatusBadge({ status, reason = null }: { status: string; reason?: string | null }) {
  const { t } = useTranslation('operator');
  return (
    <span className="operator-status">
      <span className={`operator-status__badge operator-status__badge--${status}`}>
        {t(`status.${status}`, { defaultValue: status })}
      </span>
      {reason ? <span className="operator-status__reason">{reason}</span> : null}
    </span>
  );
}
