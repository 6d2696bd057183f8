import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Waiting this long after the last keystroke before searching keeps one call per word, not per key. */
const searchDelayMs = 300;

/** The search-by-name field of the game lists; reports the term after typing pauses. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation('games');
  const id = useId();
  const [draft, setDraft] = useState(value);
  // A new term from the address (back button, a link) replaces the draft; adjusting state while
  // rendering does it in the same paint.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return undefined;
    const timer = setTimeout(() => onSearch(draft), searchDelayMs);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);
  return (
    <form
      className="game-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('list.search')}
      </label>
      <input
        id={id}
        className="game-search__input"
        type="search"
        value={draft}
        maxLength={50}
        placeholder={t('list.searchPlaceholder')}
        onChange={(event) => setDraft(event.target.value)}
      />
    </form>
  );
}
