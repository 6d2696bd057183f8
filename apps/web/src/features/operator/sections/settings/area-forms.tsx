import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleFlags, ThemeName, WhitelabelSettings } from '@portal/contracts';
import { Field } from '../../../../components/ui/form';
import { dictionaryLanguages, languageDisplayName } from '../../../../i18n';
import { SingleImageField } from '../content/image-upload';
import { listOf, SettingsForm, Switch, useDraft } from './settings-form';

const moduleNames: readonly (keyof ModuleFlags)[] = [
  'mobileRegistration',
  'smsVerification',
  'mobilePasswordRegistration',
  'freePlay',
  'forcedPasswordChange',
  'mobileCodeLogin',
  'agentPolicy',
  'referralPromotion',
  'contractDividends',
  'salary',
];
const themeNames: readonly ThemeName[] = ['dark', 'light'];
const hexColor = /^#[0-9a-fA-F]{6}$/;

/** The module switches players see (whitelabel.modules). */
export function ModulesForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [modules, setModules] = useDraft(settings.modules);
  return (
    <SettingsForm
      title={t('modules.title')}
      lead={t('modules.lead')}
      build={() => ({ area: 'modules', body: modules })}
    >
      <fieldset className="ops-settings__group">
        <legend className="visually-hidden">{t('modules.title')}</legend>
        {moduleNames.map((name) => (
          <Switch
            key={name}
            label={t(`modules.names.${name}`)}
            checked={modules[name]}
            onChange={(checked) => setModules({ ...modules, [name]: checked })}
          />
        ))}
      </fieldset>
    </SettingsForm>
  );
}

/** Languages and themes offered, with their defaults. */
export function LanguagesForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [draft, setDraft] = useDraft(settings.languages);
  const [problem, setProblem] = useState<string | null>(null);
  const defaultLanguageId = useId();
  const defaultThemeId = useId();
  const offered = [...new Set([...dictionaryLanguages, ...settings.languages.languages])];
  const toggle = <Item,>(list: readonly Item[], item: Item, on: boolean) =>
    on ? [...list, item] : list.filter((entry) => entry !== item);
  return (
    <SettingsForm
      title={t('languages.title')}
      lead={t('languages.lead')}
      build={() => {
        const valid =
          draft.languages.includes(draft.defaultLanguage) &&
          draft.themes.length > 0 &&
          (draft.defaultTheme === null || draft.themes.includes(draft.defaultTheme));
        setProblem(valid ? null : t('languages.invalid'));
        return valid ? { area: 'languages', body: draft } : null;
      }}
    >
      <fieldset className="ops-settings__group">
        <legend>{t('languages.offered')}</legend>
        {offered.map((code) => (
          <Switch
            key={code}
            label={`${languageDisplayName(code)} (${code})`}
            checked={draft.languages.includes(code)}
            onChange={(on) => setDraft({ ...draft, languages: toggle(draft.languages, code, on) })}
          />
        ))}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor={defaultLanguageId}>
          {t('languages.default')}
        </label>
        <select
          id={defaultLanguageId}
          className="form-field__input"
          value={draft.defaultLanguage}
          onChange={(event) => setDraft({ ...draft, defaultLanguage: event.target.value })}
        >
          {draft.languages.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ops-settings__group">
        <legend>{t('languages.themes')}</legend>
        {themeNames.map((theme) => (
          <Switch
            key={theme}
            label={t(`languages.theme.${theme}`)}
            checked={draft.themes.includes(theme)}
            onChange={(on) => setDraft({ ...draft, themes: toggle(draft.themes, theme, on) })}
          />
        ))}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor={defaultThemeId}>
          {t('languages.defaultTheme')}
        </label>
        <select
          id={defaultThemeId}
          className="form-field__input"
          value={draft.defaultTheme ?? ''}
          onChange={(event) =>
            setDraft({
              ...draft,
              defaultTheme: event.target.value === '' ? null : (event.target.value as ThemeName),
            })
          }
        >
          <option value="">{t('languages.followVisitor')}</option>
          {draft.themes.map((theme) => (
            <option key={theme} value={theme}>
              {t(`languages.theme.${theme}`)}
            </option>
          ))}
        </select>
      </div>
      {problem ? (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </SettingsForm>
  );
}

/** The logo (through the content image upload) and the two brand colours. */
export function BrandingForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [draft, setDraft] = useDraft(settings.branding);
  const [primary, setPrimary] = useDraft(settings.branding.primaryColor ?? '');
  const [accent, setAccent] = useDraft(settings.branding.accentColor ?? '');
  const [shown, setShown] = useState(false);
  const colourError = (text: string) =>
    shown && text !== '' && !hexColor.test(text) ? t('branding.colourInvalid') : null;
  return (
    <SettingsForm
      title={t('branding.title')}
      lead={t('branding.lead')}
      build={() => {
        setShown(true);
        if ([primary, accent].some((text) => text !== '' && !hexColor.test(text))) return null;
        return {
          area: 'branding',
          body: { ...draft, primaryColor: primary || null, accentColor: accent || null },
        };
      }}
    >
      <SingleImageField
        value={draft.logoUrl ?? ''}
        label={t('branding.logo')}
        onChange={(url) => setDraft({ ...draft, logoUrl: url })}
      />
      {draft.logoUrl ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setDraft({ ...draft, logoUrl: null })}
        >
          {t('branding.removeLogo')}
        </button>
      ) : null}
      {(
        [
          ['primary', primary, setPrimary],
          ['accent', accent, setAccent],
        ] as const
      ).map(([name, value, set]) => (
        <div key={name} className="ops-settings__colour">
          <Field
            label={t(`branding.${name}`)}
            hint={t('branding.colourHint')}
            value={value}
            maxLength={7}
            error={colourError(value)}
            onValueChange={set}
          />
          <input
            type="color"
            aria-label={t('branding.pick', { name: t(`branding.${name}`) })}
            value={hexColor.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) => set(event.target.value)}
          />
        </div>
      ))}
    </SettingsForm>
  );
}

/** Maintenance with its allow-list and message, and the region rules. */
export function StatusForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [enabled, setEnabled] = useDraft(settings.status.maintenanceEnabled);
  const [message, setMessage] = useDraft(settings.status.maintenanceMessage ?? '');
  const [ips, setIps] = useDraft(settings.status.maintenanceAllowIps.join('\n'));
  const [allowed, setAllowed] = useDraft(settings.status.allowedCountries.join(', '));
  const [blocked, setBlocked] = useDraft(settings.status.blockedCountries.join(', '));
  const ipsId = useId();
  const lockedOut = enabled && !listOf(ips).includes(settings.callerIp);
  return (
    <SettingsForm
      title={t('status.title')}
      lead={t('status.lead')}
      build={() => ({
        area: 'status',
        body: {
          maintenanceEnabled: enabled,
          maintenanceMessage: message.trim() === '' ? null : message.trim(),
          maintenanceAllowIps: listOf(ips),
          allowedCountries: listOf(allowed).map((code) => code.toUpperCase()),
          blockedCountries: listOf(blocked).map((code) => code.toUpperCase()),
        },
      })}
    >
      <Switch label={t('status.maintenance')} checked={enabled} onChange={setEnabled} />
      <Field label={t('status.message')} value={message} maxLength={500} onValueChange={setMessage} />
      <div className="form-field">
        <label className="form-field__label" htmlFor={ipsId}>
          {t('status.allowIps')}
        </label>
        <textarea
          id={ipsId}
          className="form-field__input"
          rows={3}
          value={ips}
          aria-describedby={`${ipsId}-hint`}
          onChange={(event) => setIps(event.target.value)}
        />
        <p id={`${ipsId}-hint`} className="form-field__hint">
          {t('status.allowIpsHint', { ip: settings.callerIp })}
        </p>
      </div>
      {lockedOut ? (
        <p className="ops-settings__warning">{t('status.lockout', { ip: settings.callerIp })}</p>
      ) : null}
      <Field
        label={t('status.allowed')}
        hint={t('status.countriesHint')}
        value={allowed}
        onValueChange={setAllowed}
      />
      <Field
        label={t('status.blocked')}
        hint={t('status.countriesHint')}
        value={blocked}
        onValueChange={setBlocked}
      />
    </SettingsForm>
  );
}

/** Withdrawal limits and the minutes after a payout when it counts as received. */
export function WithdrawalsForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [minutes, setMinutes] = useDraft(String(settings.withdrawals.autoReceiveMinutes));
  const [min, setMin] = useDraft(settings.withdrawals.minAmount);
  const [max, setMax] = useDraft(settings.withdrawals.maxAmount);
  const [shown, setShown] = useState(false);
  const minutesValid = /^\d{1,5}$/.test(minutes) && Number(minutes) >= 1 && Number(minutes) <= 43_200;
  return (
    <SettingsForm
      title={t('withdrawals.title')}
      lead={t('withdrawals.lead')}
      build={() => {
        setShown(true);
        if (!minutesValid) return null;
        return {
          area: 'withdrawals',
          body: { autoReceiveMinutes: Number(minutes), minAmount: min.trim(), maxAmount: max.trim() },
        };
      }}
    >
      <Field
        label={t('withdrawals.minutes')}
        hint={t('withdrawals.minutesHint')}
        type="number"
        min={1}
        max={43_200}
        value={minutes}
        error={shown && !minutesValid ? t('withdrawals.minutesInvalid') : null}
        onValueChange={setMinutes}
      />
      <Field label={t('withdrawals.min')} inputMode="decimal" value={min} onValueChange={setMin} />
      <Field label={t('withdrawals.max')} inputMode="decimal" value={max} onValueChange={setMax} />
    </SettingsForm>
  );
}
