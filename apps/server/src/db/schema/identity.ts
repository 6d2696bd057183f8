import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns';

/** Members, sessions and the short-lived rows of sign-in and recovery (migration 0002). */

export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  password_is_default: Generated<boolean>;
  password_changed_at: Generated<Date>;
  type: number;
  status: Generated<'active' | 'disabled'>;
  nickname: string | null;
  email: string | null;
  mobile: string | null;
  payee_name: string | null;
  profile: ColumnType<Record<string, string>, string | undefined, string>;
  parent_agent_id: number | null;
  affiliate_code: string | null;
  vip_level: Generated<number>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  first_login_at: Date | null;
  created_at: CreatedAt;
  password_change_required: Generated<boolean>;
  lock_reason: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: Buffer;
  login_method: string;
  must_change_password: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginFailuresTable {
  id: Generated<bigint>;
  merchant_id: number;
  subject: string;
  created_at: CreatedAt;
}

export interface SmsCodesTable {
  id: Generated<number>;
  merchant_id: number;
  purpose: 'login' | 'register' | 'challenge';
  mobile: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OutboxTable {
  id: Generated<number>;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  token_hash: Buffer;
  member_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberKnownIpsTable {
  member_id: number;
  ip: string;
  first_seen_at: CreatedAt;
}

export interface LoginChallengesTable {
  id: string;
  member_id: number;
  methods: string[];
  login_method: string;
  email_code_hash: string | null;
  wrong_tries: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
}

export interface ServerKeysTable {
  id: string;
  private_key_pem: string;
  public_key_spki: string;
  created_at: CreatedAt;
}

export interface UsedNoncesTable {
  nonce: string;
  expires_at: Date;
}
