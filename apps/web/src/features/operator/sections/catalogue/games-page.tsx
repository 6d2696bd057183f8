import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OpsGame, OpsGameSettingsBody } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { FormError } from '../../../../components/ui/form';
import { useOperatorErrorText } from '../../api/queue-queries';
import { useGameChange, useGames } from './catalogue-queries';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** A game's order, saved when it changes (Enter or leaving the field); the owner's only. */
function OrderInput({ game, onSave }: { game: OpsGame; onSave: (sortOrder: number) => void }) {
  const { t } = useTranslation('ops-catalogue');
  const [value, setValue] = useState(String(game.sortOrder));
  const save = () => {
    const next = Number(value);
    if (!Number.isInteger(next) || next < 0 || next > 100_000) {
      setValue(String(game.sortOrder));
      return;
    }
    if (next !== game.sortOrder) onSave(next);
  };
  return (
    <input
      type="number"
      className="form-field__input ops-catalogue__order"
      min={0}
      max={100_000}
      value={value}
      aria-label={t('games.orderOf', { game: game.name })}
      onChange={(event) => setValue(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}

/** A switch of a game (on, hot) as a labelled checkbox; applied at once, the list then reads again. */
function GameSwitch({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="ops-catalogue__switch">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="visually-hidden">{label}</span>
    </label>
  );
}

/**
 * One vendor's games with the switches in force at this merchant: on, hot and order (the owner's), a
 * search by name or code and the server's pages, both in the address.
 */
export function GamesPage({ vendor, canWrite }: { vendor: string; canWrite: boolean }) {
  const { t } = useTranslation('ops-catalogue');
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const searchId = useId();
  const query = search.get('q') ?? '';
  const page = readPage(search.get('page'));
  const [typed, setTyped] = useState(query);
  const games = useGames({ vendor, search: query, page });
  const change = useGameChange();

  const columns = useMemo((): DataColumn<OpsGame>[] => {
    const set = (game: OpsGame, body: OpsGameSettingsBody) => change.mutate({ id: game.id, body });
    const yesNo = (value: boolean) => t(value ? 'games.yes' : 'games.no');
    return [
      {
        id: 'icon',
        header: t('games.icon'),
        cell: (game) => <img className="ops-catalogue__icon" src={game.iconUrl} alt="" loading="lazy" />,
      },
      { id: 'name', header: t('games.name'), cell: (game) => game.name },
      { id: 'code', header: t('games.code'), cell: (game) => game.gameCode },
      { id: 'type', header: t('games.type'), cell: (game) => game.gameType },
      {
        id: 'enabled',
        header: t('games.enabled'),
        cell: (game) =>
          canWrite ? (
            <GameSwitch
              checked={game.enabled}
              label={t('games.enabledOf', { game: game.name })}
              onChange={(enabled) => set(game, { enabled })}
            />
          ) : (
            yesNo(game.enabled)
          ),
      },
      {
        id: 'hot',
        header: t('games.hot'),
        cell: (game) =>
          canWrite ? (
            <GameSwitch
              checked={game.isHot}
              label={t('games.hotOf', { game: game.name })}
              onChange={(isHot) => set(game, { isHot })}
            />
          ) : (
            yesNo(game.isHot)
          ),
      },
      {
        id: 'order',
        header: t('columns.order'),
        numeric: true,
        cell: (game) =>
          canWrite ? (
            <OrderInput
              key={`${game.id}-${game.sortOrder}`}
              game={game}
              onSave={(sortOrder) => set(game, { sortOrder })}
            />
          ) : (
            game.sortOrder
          ),
      },
    ];
    // The mutation object changes each render; only its stable mutate is used in the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, canWrite]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    if (!('page' in changes)) next.set('page', '1');
    setSearch(next, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: typed.trim() });
  };

  const data = games.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const title = t('games.title', { vendor });
  return (
    <section className="ops-content__list" aria-labelledby={`${searchId}-title`}>
      <p>
        <Link to="/operator/catalogue">{t('games.back')}</Link>
      </p>
      <header className="operator-queue__header">
        <h2 id={`${searchId}-title`}>{title}</h2>
        <p className="operator-queue__lead">{t('games.lead')}</p>
      </header>
      <form className="ops-catalogue__search" role="search" onSubmit={submit}>
        <label htmlFor={searchId}>{t('games.search')}</label>
        <input
          id={searchId}
          type="search"
          className="form-field__input operator-queue__select"
          maxLength={64}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          {t('games.find')}
        </button>
      </form>
      <FormError>{change.isError ? errorText(change.error) : null}</FormError>
      <DataTable
        caption={title}
        columns={columns}
        rows={data?.items}
        rowKey={(game) => String(game.id)}
        refreshing={games.isFetching || change.isPending}
        states={tableStates(games, errorText, { title: t('games.empty'), icon: 'gamepad' })}
        paging={{ page, totalPages, onPage: (next) => update({ page: String(next) }) }}
      />
    </section>
  );
}
