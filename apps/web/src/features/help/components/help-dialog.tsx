import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessageKey } from '../../../lib/api';
import { useHelpCenter } from '../api/help-queries';
import { HelpArticleBody } from './help-article-body';

interface HelpDialogProps {
  language: string;
  /** The article to scroll to (the #term of the address). */
  activeTerm: string | null;
  onClose: () => void;
}

/**
 * The help centre as a modal dialog over the page. Native <dialog> gives the focus containment,
 * inert background and Escape handling; the open/close state belongs to the route.
 */
export function HelpDialog({ language, activeTerm, onClose }: HelpDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const help = useHelpCenter(language);
  const articles = help.data?.articles ?? [];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    if (!activeTerm || articles.length === 0) return;
    const heading = document.getElementById(`help-${activeTerm}`);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [activeTerm, articles.length]);

  return (
    <dialog
      ref={dialogRef}
      className="dialog help-dialog"
      aria-labelledby="help-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id="help-dialog-title" className="dialog__title">
            <Icon name="help" />
            {t('help.title')}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog__body help-dialog__body">
          {help.isPending ? (
            <SkeletonLines count={6} className="help-dialog__loading" />
          ) : help.isError ? (
            <ErrorState message={t(errorMessageKey(help.error))} onRetry={() => void help.refetch()} />
          ) : articles.length === 0 ? (
            <EmptyState icon="help" title={t('help.empty')} />
          ) : (
            <>
              <nav className="help-dialog__toc" aria-label={t('help.topics')}>
                <ul>
                  {articles.map((article) => (
                    <li key={article.id}>
                      <Link
                        to={{ hash: article.term }}
                        replace
                        aria-current={article.term === activeTerm ? 'location' : undefined}
                      >
                        {article.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="help-dialog__articles">
                {articles.map((article) => (
                  <article key={article.id} className="help-article" aria-labelledby={`help-${article.term}`}>
                    <h3 id={`help-${article.term}`} className="help-article__title" tabIndex={-1}>
                      {article.title}
                    </h3>
                    <HelpArticleBody content={article.content} />
                  </article>
                ))}
              </div>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
