/** The figure columns of member_daily and team_daily (migration 0013), in their table order. */
export const rollupFigureNames = [
  'registrations',
  'first_deposits',
  'deposit_count',
  'deposit_minor',
  'withdrawal_count',
  'withdrawal_minor',
  'bet_count',
  'bet_minor',
  'valid_bet_minor',
  'payout_minor',
  'bonus_minor',
  'profit_minor',
] as const;
