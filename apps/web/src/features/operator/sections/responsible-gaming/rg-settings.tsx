import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, RgSettings } from '@portal/contracts';
import { ErrorState } from '../../../../components/ui/error-state';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { useOperatorErrorText } from '../../api/queue-queries';
import { ChangeConfirmDialog } from '../../components/change-confirm-dialog';
import { useRgSettings, useRgSettingsChange } from './rg-queries';

type SettingKey = keyof RgSettings;
const settingKeys: readonly SettingKey[] = ['allowPermanentExclusion', 'shareExclusions'];

/** One switch: a checkbox the owner may turn (through a confirmation), a plain statement for the others. */
function SettingSwitch({
  name,
  value,
  editable,
  onAsk,
}: {
  name: SettingKey;
  value: boolean;
  editable: boolean;
  onAsk: (next: boolean) => void;
}) {
  const { t } = useTranslation('ops-rg');
  const id = useId();
  return (
    <div className="ops-rg__switch">
      <input
        id={id}
        type="checkbox"
        checked={value}
        disabled={!editable}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onAsk(event.target.checked)}
      />
      <label htmlFor={id}>{t(`settings.${name}.label`)}</label>
      <p id={`${id}-hint`} className="form-field__hint">
        {t(`settings.${name}.hint`)}
      </p>
    </div>
  );
}

/**
 * The merchant's two switches: whether players may self-exclude permanently, and whether breaks and
 * exclusions taken here apply on every merchant of the platform (same person). Every reader sees them;
 * only the owner changes them, each change confirmed first. Exclusions already made keep their scope.
 */
export function RgSettingsPanel({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('ops-rg');
  const errorText = useOperatorErrorText();
  const read = useRgSettings();
  const change = useRgSettingsChange();
  const [asking, setAsking] = useState<{ name: SettingKey; next: boolean } | null>(null);
  const editable = role === 'owner';
  const settings = read.data;

  return (
    <section className="operator-card ops-rg__settings" aria-labelledby="rg-settings-title">
      <h2 id="rg-settings-title" className="operator-card__title">
        {t('settings.title')}
      </h2>
      {read.isError ? (
        <ErrorState message={errorText(read.error)} onRetry={() => void read.refetch()} />
      ) : !settings ? (
        <SkeletonLines count={2} />
      ) : (
        <>
          {settingKeys.map((name) => (
            <SettingSwitch
              key={name}
              name={name}
              value={settings[name]}
              editable={editable}
              onAsk={(next) => {
                change.reset();
                setAsking({ name, next });
              }}
            />
          ))}
          {editable ? null : <p className="form-field__hint">{t('settings.ownerOnly')}</p>}
        </>
      )}
      {asking && settings ? (
        <ChangeConfirmDialog
          title={t(`settings.${asking.name}.${asking.next ? 'onTitle' : 'offTitle'}`)}
          question={t(`settings.${asking.name}.${asking.next ? 'onQuestion' : 'offQuestion'}`)}
          confirmLabel={asking.next ? t('settings.turnOn') : t('settings.turnOff')}
          pending={change.isPending}
          error={change.isError ? errorText(change.error) : null}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            change.mutate({ ...settings, [asking.name]: asking.next }, { onSuccess: () => setAsking(null) })
          }
        />
      ) : null}
    </section>
  );
}
