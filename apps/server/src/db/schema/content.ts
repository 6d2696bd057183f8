import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** Content and service (migration 0010, decision 0017). */

export interface AnnouncementsTable {
  id: Generated<bigint>;
  merchant_id: number;
  content_type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  platform: Generated<'W'>;
  title: string;
  content: string;
  popup_execution: 'A' | 'B' | 'F' | null;
  sequence: Generated<number>;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Who sees it: everyone, players only or agents only (migration 0013). */
  audience: Generated<'all' | 'players' | 'agents'>;
}

export interface AnnouncementImagesTable {
  announcement_id: bigint;
  url: string;
  sequence: number;
}

export interface AnnouncementPopupViewsTable {
  announcement_id: bigint;
  member_id: number;
  seen_at: CreatedAt;
}

export interface BannersTable {
  id: Generated<bigint>;
  merchant_id: number;
  group_name: 'w_login' | 'w_register' | 'w_forget' | 'w_home' | 'w_game' | 'w_leftmenu';
  url: string;
  linkage_type: 'NONE' | 'URL' | 'GAME' | 'PROMOTION' | 'ROUTE';
  linkage_value: string | null;
  title: string;
  sequence: Generated<number>;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MessagesTable {
  id: Generated<bigint>;
  merchant_id: number;
  audience: 'broadcast' | 'members';
  title: string;
  content: string;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MessageRecipientsTable {
  message_id: bigint;
  member_id: number;
}

export interface MessageReadsTable {
  message_id: bigint;
  member_id: number;
  read_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number | null;
  type: number;
  content: string;
  sender: string;
  image_keys: string[];
  status: Generated<'new' | 'handled'>;
  ip: string | null;
  handled_by: number | null;
  created_at: CreatedAt;
  /** The operator's answer and when it was sent (migration 0030). */
  answer: string | null;
  answered_at: Date | null;
  /** The inbox message that carried the answer to a member (null for a visitor's feedback). */
  answer_message_id: bigint | null;
}
