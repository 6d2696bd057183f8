import type { Generated } from 'kysely';
import type { CreatedAt } from './columns';

/** Players' comments on the activities that ask for them (migration 0019). */
export interface RewardActivityCommentsTable {
  id: Generated<bigint>;
  activity_id: bigint;
  merchant_id: number;
  member_id: number;
  /** 1 to 140 characters. */
  body: string;
  /** Storage keys of up to three PNG or JPEG images (folder `comments`). */
  image_keys: Generated<string[]>;
  hidden_at: Date | null;
  hidden_by: number | null;
  created_at: CreatedAt;
}
