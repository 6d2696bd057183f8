/**
 * The seamless module's public face (decision 0027): the seamless wallet vendors call (applied in
 * batches), game sessions for launches, and the clients and directory of seamless vendors.
 */
export { SeamlessBatcher } from './seamless-batcher';
export { apply, gameSessionTtlMs, openGameSession } from './seamless.service';
export { signedHeaders } from './signature';
export { SeamlessVendorClient, type VendorReply } from './vendor-client';
export { VendorDirectory, type Vendor } from './vendor-directory';
