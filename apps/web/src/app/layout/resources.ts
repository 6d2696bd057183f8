import type { Resource, ResourceType } from '@portal/contracts';
import type { IconName } from '../../components/ui/icon';

/** Generic icons per social network (not the networks' trademarked logos). */
export const resourceIcons: Readonly<Record<ResourceType, IconName>> = {
  FACEBOOK: 'users',
  TIKTOK: 'play',
  YOUTUBE: 'play',
  TWITTER: 'chat',
  INSTAGRAM: 'globe',
  TELEGRAM: 'send',
  WHATSAPP: 'phone',
  Android: 'download',
  iOS: 'download',
};

/** The side menu's community links (spec section 2): Telegram, Facebook, WhatsApp, in that order. */
export const sideMenuSocialTypes: readonly ResourceType[] = ['TELEGRAM', 'FACEBOOK', 'WHATSAPP'];
const appTypes: readonly ResourceType[] = ['Android', 'iOS'];

/** Resources of the given types, in the order of the types. */
export function resourcesOfTypes(resources: readonly Resource[], types: readonly ResourceType[]): Resource[] {
  return types.flatMap((type) => resources.filter((resource) => resource.resourceType === type));
}

/** App download resources: Android first, then iOS. */
export function appDownloads(resources: readonly Resource[]): Resource[] {
  return resourcesOfTypes(resources, appTypes);
}

/** Every social link (everything that is not an app download), in the merchant's order. */
export function socialLinks(resources: readonly Resource[]): Resource[] {
  return resources.filter((resource) => !appTypes.includes(resource.resourceType));
}
