import type { CustomerServiceEntry, Resource } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon';
import { FeedbackDialog } from '../feedback/feedback-dialog';
import { useLiveChat } from '../feedback/use-live-chat';
import '../content.css';

// The contact links a customer-service page offers, in this order, with their icons.
const contactTypes: ReadonlyArray<{ type: Resource['resourceType']; icon: IconName }> = [
  { type: 'TELEGRAM', icon: 'send' },
  { type: 'WHATSAPP', icon: 'phone' },
  { type: 'FACEBOOK', icon: 'users' },
];

interface CustomerServicePageProps {
  /** The merchant's customer-service entries (permission info): each opens its live chat. */
  entries: readonly CustomerServiceEntry[];
  /** The merchant's resources: Telegram, WhatsApp and Facebook contacts come from them. */
  resources: readonly Resource[];
  loggedIn: boolean;
}

/**
 * Customer service as a page (the agent centre's menu entry): every live-chat entry of the merchant, its
 * contact links and the feedback form; the same things the floating service widget offers.
 */
export function CustomerServicePage({ entries, resources, loggedIn }: CustomerServicePageProps) {
  const { t } = useTranslation('content');
  const chat = useLiveChat();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const contacts = contactTypes.flatMap(({ type, icon }) =>
    resources.filter((resource) => resource.resourceType === type).map((resource) => ({ resource, icon })),
  );
  return (
    <div className="service-page">
      {entries.length > 0 ? (
        <section className="service-page__section" aria-labelledby="service-page-chat">
          <h3 id="service-page-chat" className="service-page__title">
            {t('service.liveChat')}
          </h3>
          <ul className="service-page__list">
            {entries.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => chat.open(entry.id)}
                >
                  <Icon name="headset" size={18} />
                  {entry.name}
                </button>
              </li>
            ))}
          </ul>
          {chat.failed ? (
            <p role="alert" className="form-error">
              {t('service.chatFailed')}
            </p>
          ) : null}
        </section>
      ) : null}
      {contacts.length > 0 ? (
        <section className="service-page__section" aria-labelledby="service-page-contacts">
          <h3 id="service-page-contacts" className="service-page__title">
            {t('service.contacts')}
          </h3>
          <ul className="service-page__list">
            {contacts.map(({ resource, icon }) => (
              <li key={resource.resourceType + resource.url}>
                <a
                  className="button button--ghost"
                  href={resource.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <Icon name={icon} size={18} />
                  {resource.labelNameEn}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="service-page__section" aria-labelledby="service-page-feedback">
        <h3 id="service-page-feedback" className="service-page__title">
          {t('feedback.title')}
        </h3>
        <p className="service-page__text">{t('service.feedbackText')}</p>
        <button type="button" className="button button--secondary" onClick={() => setFeedbackOpen(true)}>
          <Icon name="chat" size={18} />
          {t('service.feedbackAction')}
        </button>
      </section>
      {feedbackOpen ? <FeedbackDialog loggedIn={loggedIn} onClose={() => setFeedbackOpen(false)} /> : null}
    </div>
  );
}
