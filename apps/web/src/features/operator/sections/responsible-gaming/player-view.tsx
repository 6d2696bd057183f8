import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { OpsRgPlayer, RgBlock, RgEvent, RgLimit } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { ErrorState } from '../../../../components/ui/error-state';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { htmlLangOf } from '../../../../i18n';
import { isApiError } from '../../../../lib/api';
import { useOperatorErrorText } from '../../api/queue-queries';
import { formatTime } from '../../model/format';
import { useRgPlayer } from './rg-queries';

/** One row of the limits table: a money limit, or the session time limit. */
interface LimitLine {
  id: string;
  name: string;
  inForce: string;
  pending: string;
  effectiveAt: string | null;
}

/** A break or exclusion in words: "Self-exclusion until 26/11/2027, 10:00" (or permanent). */
export function useBlockText(): (block: RgBlock) => string {
  const { t, i18n } = useTranslation('ops-rg');
  const locale = htmlLangOf(i18n.language);
  return (block) =>
    block.endsAt === null
      ? t('block.permanent', { kind: t(`block.kind.${block.kind}`) })
      : t('block.until', { kind: t(`block.kind.${block.kind}`), when: formatTime(block.endsAt, locale) });
}

function limitLines(player: OpsRgPlayer, t: TFunction<'ops-rg'>): LimitLine[] {
  const money = (limit: RgLimit): LimitLine => ({
    id: `${limit.kind}-${limit.period}`,
    name: t('limits.name', {
      kind: t(`limits.kind.${limit.kind}`),
      period: t(`limits.period.${limit.period}`),
    }),
    inForce: limit.amount ?? t('limits.notYet'),
    pending: limit.pendingRemoval
      ? t('limits.removal')
      : limit.pendingAmount !== null
        ? limit.pendingAmount
        : '—',
    effectiveAt: limit.pendingRemoval || limit.pendingAmount !== null ? limit.effectiveAt : null,
  });
  const lines = player.limits.map(money);
  const session = player.sessionLimit;
  if (session.minutes !== null || session.pendingMinutes !== null || session.pendingRemoval) {
    const pendingChange = session.pendingRemoval || session.pendingMinutes !== null;
    lines.push({
      id: 'session',
      name: t('limits.session'),
      inForce:
        session.minutes === null ? t('limits.notYet') : t('limits.minutes', { count: session.minutes }),
      pending: session.pendingRemoval
        ? t('limits.removal')
        : session.pendingMinutes !== null
          ? t('limits.minutes', { count: session.pendingMinutes })
          : '—',
      effectiveAt: pendingChange ? session.effectiveAt : null,
    });
  }
  return lines;
}

/** An event's detail as "key: value" pairs (the same record the player's own history keeps). */
function detailText(event: RgEvent): string {
  const pairs = Object.entries(event.detail).map(([key, value]) => `${key}: ${String(value ?? '—')}`);
  return pairs.length > 0 ? pairs.join(', ') : '—';
}

/**
 * A player's responsible-gaming record (read-only): the live break or exclusion, limits with the changes
 * waiting for their cooling-off and when they apply, the reality check, every break and exclusion with
 * its end, and the history of changes. Nothing here lifts a block: no call does.
 */
export function PlayerView({ username }: { username: string }) {
  const { t, i18n } = useTranslation('ops-rg');
  const errorText = useOperatorErrorText();
  const locale = htmlLangOf(i18n.language);
  const blockText = useBlockText();
  const read = useRgPlayer(username);

  if (read.isError) {
    const notFound = isApiError(read.error) && read.error.code === 'not_found';
    return notFound ? (
      <p role="alert" className="ops-rg__note">
        {t('player.notFound', { username })}
      </p>
    ) : (
      <ErrorState message={errorText(read.error)} onRetry={() => void read.refetch()} />
    );
  }
  const player = read.data;
  if (!player) return <SkeletonLines count={6} />;

  const limitColumns: DataColumn<LimitLine>[] = [
    { id: 'name', header: t('limits.columns.limit'), cell: (row) => row.name },
    { id: 'inForce', header: t('limits.columns.inForce'), cell: (row) => row.inForce, numeric: true },
    { id: 'pending', header: t('limits.columns.pending'), cell: (row) => row.pending, numeric: true },
    {
      id: 'effectiveAt',
      header: t('limits.columns.effectiveAt'),
      cell: (row) => formatTime(row.effectiveAt, locale),
    },
  ];
  const blockColumns: DataColumn<RgBlock & { id: string }>[] = [
    { id: 'kind', header: t('blocks.columns.kind'), cell: (row) => t(`block.kind.${row.kind}`) },
    {
      id: 'startedAt',
      header: t('blocks.columns.startedAt'),
      cell: (row) => formatTime(row.startedAt, locale),
    },
    {
      id: 'endsAt',
      header: t('blocks.columns.endsAt'),
      cell: (row) => (row.endsAt === null ? t('block.never') : formatTime(row.endsAt, locale)),
    },
    {
      id: 'scope',
      header: t('blocks.columns.scope'),
      cell: (row) => (row.allMerchants ? t('blocks.allMerchants') : t('blocks.thisMerchant')),
    },
  ];
  const eventColumns: DataColumn<RgEvent>[] = [
    { id: 'createdAt', header: t('history.columns.at'), cell: (row) => formatTime(row.createdAt, locale) },
    { id: 'action', header: t('history.columns.action'), cell: (row) => t(`history.action.${row.action}`) },
    { id: 'detail', header: t('history.columns.detail'), cell: (row) => <code>{detailText(row)}</code> },
  ];

  return (
    <section className="ops-rg__player" aria-labelledby="rg-player-title" aria-busy={read.isFetching}>
      <div className="ops-rg__head">
        <h2 id="rg-player-title">{t('player.title', { username: player.username })}</h2>
        <Link to={`/operator/players/${player.memberId}`}>{t('player.profile')}</Link>
      </div>
      <p className={`ops-rg__status${player.block ? ' ops-rg__status--blocked' : ''}`} role="status">
        {player.block ? blockText(player.block) : t('player.notBlocked')}
        {player.block?.allMerchants ? ` ${t('blocks.allMerchantsNote')}` : null}
      </p>
      <dl className="ops-rg__facts">
        <div>
          <dt>{t('player.realityCheck')}</dt>
          <dd>
            {player.realityCheckMinutes === null
              ? t('player.realityCheckOff')
              : t('player.realityCheckEvery', { count: player.realityCheckMinutes })}
          </dd>
        </div>
      </dl>

      <h3 id="rg-limits">{t('limits.title')}</h3>
      <DataTable
        caption={t('limits.title')}
        columns={limitColumns}
        rows={limitLines(player, t)}
        rowKey={(row) => row.id}
        states={{ empty: { title: t('limits.empty') } }}
      />

      <h3 id="rg-blocks">{t('blocks.title')}</h3>
      <DataTable
        caption={t('blocks.title')}
        columns={blockColumns}
        rows={player.blocks.map((block, index) => ({ ...block, id: `${block.startedAt}-${index}` }))}
        rowKey={(row) => row.id}
        states={{ empty: { title: t('blocks.empty') } }}
      />

      <h3 id="rg-history">{t('history.title')}</h3>
      <DataTable
        caption={t('history.title')}
        columns={eventColumns}
        rows={player.events}
        rowKey={(row) => row.id}
        states={{ empty: { title: t('history.empty') } }}
      />
    </section>
  );
}
