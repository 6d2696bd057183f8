import { vendorSignatureHeaders } from '@portal/contracts';
import { signedHeaders as signatureOf } from '../vendors';

/**
 * The headers of a signed seamless-wallet request for `body`, as a vendor sends them: the vendor's code
 * plus the timestamp and signature of the one vendor signature scheme (vendors/vendor-signature.ts).
 */
export function signedHeaders(
  vendorCode: string,
  secret: string,
  body: string,
  nowMs = Date.now(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [vendorSignatureHeaders.vendor]: vendorCode,
    ...signatureOf(secret, body, nowMs),
  };
}
