import type { Resource } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon';
import { FeedbackDialog } from './feedback-dialog';
import { useLiveChat } from './use-live-chat';
import '../content.css';

interface ServiceWidgetProps {
  /** The merchant's resources (permission info); TELEGRAM and FACEBOOK links come from them. */
  resources: readonly Resource[];
  /** The first customer-service entry (csType CS) opens the live chat. */
  liveChatId: number | null;
  loggedIn: boolean;
}

/**
 * The floating service widget (spec section 9 floating contact list: TELEGRAM, FACEBOOK, APPDOWNLOAD2),
 * with the live chat and feedback. Collapsed to one button; the list opens on demand.
 */
export default function ServiceWidget({ resources, liveChatId, loggedIn }: ServiceWidgetProps) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const chat = useLiveChat();

  const link = (type: 'TELEGRAM' | 'FACEBOOK') =>
    resources.find((resource) => resource.resourceType === type);
  const external: Array<{ key: string; href: string; icon: IconName; label: string }> = [];
  const telegram = link('TELEGRAM');
  if (telegram)
    external.push({ key: 'TELEGRAM', href: telegram.url, icon: 'send', label: telegram.labelNameEn });
  const facebook = link('FACEBOOK');
  if (facebook)
    external.push({ key: 'FACEBOOK', href: facebook.url, icon: 'users', label: facebook.labelNameEn });

  return (
    <aside className={`service-widget${open ? ' service-widget--open' : ''}`} aria-label={t('service.label')}>
      {open ? (
        <ul className="service-widget__list" id="service-widget-list">
          {liveChatId !== null ? (
            <li>
              <button type="button" className="service-widget__item" onClick={() => chat.open(liveChatId)}>
                <Icon name="headset" size={18} />
                {t('service.liveChat')}
              </button>
              {chat.failed ? (
                <p role="alert" className="form-error">
                  {t('service.chatFailed')}
                </p>
              ) : null}
            </li>
          ) : null}
          {external.map((item) => (
            <li key={item.key}>
              <a href={item.href} target="_blank" rel="noopener noreferrer" className="service-widget__item">
                <Icon name={item.icon} size={18} />
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/download" className="service-widget__item" onClick={() => setOpen(false)}>
              <Icon name="download" size={18} />
              {t('service.appDownload')}
            </Link>
          </li>
          <li>
            <button type="button" className="service-widget__item" onClick={() => setFeedbackOpen(true)}>
              <Icon name="chat" size={18} />
              {t('feedback.title')}
            </button>
          </li>
        </ul>
      ) : null}
      <button
        type="button"
        className="service-widget__toggle"
        aria-expanded={open}
        aria-controls="service-widget-list"
        onClick={() => setOpen((current) => !current)}
        aria-label={open ? t('service.close') : t('service.open')}
      >
        <Icon name={open ? 'close' : 'headset'} />
      </button>
      {feedbackOpen ? <FeedbackDialog loggedIn={loggedIn} onClose={() => setFeedbackOpen(false)} /> : null}
    </aside>
  );
}
