import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { MerchantConfig } from '../system';
import { AppError } from '../../http/errors';

/**
 * The live chat behind a customer-service entry (csType CS). Its address carries the caller's context
 * (merchant, member or visitor, time) encrypted with AES-256-GCM under LIVECHAT_SECRET, which the chat
 * provider shares: the agent sees who is asking, while the address shows nothing readable and cannot be
 * forged. Token layout, base64url: 12-byte IV | 16-byte tag | ciphertext of the JSON context. Without a
 * secret the entry's address is used as it is (visitors' chat, no context); mailto: and tel: entries are
 * never changed.
 */
export interface ChatContext {
  merchant: string;
  member: string | null;
  issuedAt: number;
}

/** Encrypts a context for the chat provider. */
export function encryptChatContext(secret: string, context: ChatContext): string {
  const key = createHash('sha256').update(secret).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(context), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The address that opens the entry's live chat for this caller. */
export function liveChatAddress(
  merchant: MerchantConfig,
  entryId: number,
  member: string | null,
  secret: string | undefined,
  now = Date.now(),
): string {
  const entry = merchant.customerService.find((candidate) => candidate.id === entryId);
  if (!entry) throw new AppError('service_entry_not_found', 'No such customer-service entry');
  if (!secret || !/^https?:\/\//i.test(entry.path)) return entry.path;
  const url = new URL(entry.path);
  url.searchParams.set('ctx', encryptChatContext(secret, { merchant: merchant.code, member, issuedAt: now }));
  return url.toString();
}
