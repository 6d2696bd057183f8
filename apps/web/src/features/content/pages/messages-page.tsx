import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useMarkRead, useMessages, useUnreadCount } from '../api/content-queries';
import { RichContent } from '../../../components/ui/rich-content';
import { htmlLangOf } from '../../../i18n/languages';
import '../content.css';

/**
 * Member centre messageV2: the inbox with unread first-class (a filter and badges); opening a message
 * marks it read, and "mark all read" clears the badges.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation('content');
  const [pageNo, setPageNo] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const messages = useMessages(pageNo, unreadOnly);
  const unread = useUnreadCount(true);
  const markRead = useMarkRead();
  const counts = unread.data;

  return (
    <section className="messages-page" aria-labelledby="messages-title">
      <header className="messages-page__header">
        <h2 id="messages-title" className="section__title">
          {t('messages.title')}
        </h2>
        <ul className="messages-page__badges" aria-label={t('messages.badges')}>
          {(['messages', 'missions', 'rewards'] as const).map((kind) => (
            <li key={kind}>
              {t(`messages.kinds.${kind}`)} <span className="badge">{counts ? counts[kind] : '…'}</span>
            </li>
          ))}
        </ul>
        <label className="messages-page__filter">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.target.checked);
              setPageNo(1);
            }}
          />
          {t('messages.unreadOnly')}
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={markRead.isPending || (counts?.messages ?? 0) === 0}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('messages.markAll')}
        </button>
      </header>
      {markRead.isError ? (
        <p role="alert" className="form-error">
          {t(errorMessageKey(markRead.error))}
        </p>
      ) : null}
      {messages.isPending ? (
        <SkeletonLines count={5} />
      ) : messages.isError ? (
        <ErrorState message={t(errorMessageKey(messages.error))} onRetry={() => void messages.refetch()} />
      ) : messages.data.items.length === 0 ? (
        <EmptyState icon="chat" title={t(unreadOnly ? 'messages.noneUnread' : 'messages.none')} />
      ) : (
        <>
          <ul className="message-list">
            {messages.data.items.map((message) => (
              <li key={message.id}>
                <details
                  className={`message-list__item${message.read ? '' : ' message-list__item--unread'}`}
                  onToggle={(event) => {
                    if (event.currentTarget.open && !message.read) {
                      markRead.mutate({ ids: [message.id] });
                    }
                  }}
                >
                  <summary>
                    {message.read ? null : <span className="message-list__dot">{t('messages.new')}</span>}
                    <span className="message-list__title">{message.title}</span>
                    <time dateTime={message.sentAt} className="message-list__time">
                      {new Date(message.sentAt).toLocaleString(htmlLangOf(i18n.language))}
                    </time>
                  </summary>
                  <RichContent html={message.content} />
                </details>
              </li>
            ))}
          </ul>
          <Pager page={pageNo} totalPages={messages.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}
