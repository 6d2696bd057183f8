/**
 * The vendors module's public face (decision 0027): adapters of outside game vendors (launch,
 * catalogue, transfer wallet) and the signature of server-to-server calls.
 */
export { VendorUnavailableError, type TransferVendorAdapter, type VendorPlayer } from './transfer-adapter';
export {
  vendorAdapterOf,
  VendorNotLaunchableError,
  type VendorAdapter,
  type VendorCatalogueEntry,
} from './vendor-adapter';
export { createVendorRegistry, type VendorRegistry } from './vendor-registry';
export { signatureHeaders, signedHeaders, verifySignature, type SignatureCheck } from './vendor-signature';
