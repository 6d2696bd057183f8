import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HelpDialog } from '../../features/help';
import HomeRoute from './home-route';

/** /help: home with the help-centre dialog over it; #term scrolls to that article. */
export default function HelpRoute() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const activeTerm = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  const close = useCallback(() => void navigate('/'), [navigate]);

  return (
    <>
      <HomeRoute />
      <HelpDialog language={i18n.language} activeTerm={activeTerm} onClose={close} />
    </>
  );
}
