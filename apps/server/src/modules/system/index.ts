/**
 * The system module's public face (decision 0027): each merchant's white-label settings (MerchantConfig,
 * held in memory by MerchantDirectory) and where a visitor is. Other code imports only this file.
 */
export type { MerchantConfig } from './merchant-config';
export { MerchantDirectory, type MerchantDirectoryOptions } from './merchant-directory';
export { locate, type Visitor } from './system.service';
