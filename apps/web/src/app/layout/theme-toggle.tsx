import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useTheme } from '../theme-provider';

/** Switches between the dark and light themes; hidden when the merchant offers only one. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, offered, toggleTheme } = useTheme();
  if (offered.length < 2) return null;
  const label = theme === 'dark' ? t('layout.themeToLight') : t('layout.themeToDark');
  return (
    <button type="button" className="icon-button" onClick={toggleTheme} aria-label={label} title={label}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
