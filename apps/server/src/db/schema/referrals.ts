import type { CreatedAt } from './columns';

/** The referral programme: players' referral codes and the referred friends (migration 0018). */

export interface ReferralCodesTable {
  member_id: number;
  merchant_id: number;
  code: string;
  created_at: CreatedAt;
}

export type ReferralRefusalColumn = 'same_device' | 'same_ip' | 'same_payment_account';

export interface ReferralsTable {
  friend_id: number;
  merchant_id: number;
  referrer_id: number;
  code: string;
  ip: string;
  /** The friend's device at registration: its user agent, hashed as the rewards' same-device rule does. */
  device: string;
  refused: ReferralRefusalColumn | null;
  refused_at: Date | null;
  created_at: CreatedAt;
}
