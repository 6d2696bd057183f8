/** Standard base64 (with padding) of bytes; the server reads encrypted bodies in this alphabet. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode under the argument limit for large ciphertexts.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of standard base64 text. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** URL-safe base64 without padding, for nonces. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
