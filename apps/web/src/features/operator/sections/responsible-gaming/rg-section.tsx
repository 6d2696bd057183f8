import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field } from '../../../../components/ui/form';
import type { SectionPageProps } from '../../sections';
import { PlayerView } from './player-view';
import { RgReport } from './rg-report';
import { RgSettingsPanel } from './rg-settings';
import './rg.css';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * The console's responsible-gaming section (issue 17) at /operator/responsible-gaming, for owner, risk and
 * support: a player's limits (with the changes waiting for their cooling-off), breaks and exclusions with
 * their ends, reality check and history, looked up by account name; the report across players, paged by
 * the server; and the merchant's two switches (the owner sets them). Read-only otherwise: no one lifts a
 * break or exclusion before its end. The player and the page live in the address. Its own lazy chunk
 * and namespace (ops-rg).
 */
export default function RgSection({ account }: SectionPageProps) {
  const { t } = useTranslation('ops-rg');
  const [search, setSearch] = useSearchParams();
  const player = search.get('player') ?? '';
  const page = readPage(search.get('page'));
  const [input, setInput] = useState(player);

  const setParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    setSearch(next);
  };
  const lookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ player: input.trim() });
  };
  const open = (username: string) => {
    setInput(username);
    setParams({ player: username });
  };

  return (
    <div className="ops-rg">
      <h1>{t('nav.title')}</h1>
      <p className="operator-queue__lead">{t('lead')}</p>
      <RgSettingsPanel role={account.role} />
      <form className="operator-queue__filters ops-rg__lookup" onSubmit={lookUp} role="search">
        <Field
          label={t('lookup.label')}
          hint={t('lookup.hint')}
          value={input}
          onValueChange={setInput}
          maxLength={64}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('lookup.submit')}
        </button>
      </form>
      {player ? <PlayerView key={player} username={player} /> : null}
      <RgReport page={page} onPage={(next) => setParams({ page: String(next) })} onOpen={open} />
    </div>
  );
}
