import type { ErrorCode } from '@portal/contracts';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';

/** Proof images: at most 5 MB decoded, PNG or JPEG by their first bytes (a file name proves nothing). */
export const maxProofBytes = 5 * 1024 * 1024;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpegSignature = Buffer.from([0xff, 0xd8, 0xff]);

/** 'png' or 'jpg' when the bytes start like one, else undefined. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpg' | undefined {
  if (bytes.subarray(0, pngSignature.length).equals(pngSignature)) return 'png';
  if (bytes.subarray(0, jpegSignature.length).equals(jpegSignature)) return 'jpg';
  return undefined;
}

/** The content type to serve a stored proof with, from its key's extension (set by storeProof). */
export function contentTypeOfKey(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/**
 * Checks a base64 proof image: refused with invalid_image (not a PNG or JPEG) or image_too_large.
 */
export function checkedProof(base64: string): { bytes: Buffer; type: 'png' | 'jpg' } {
  // base64 of 5 MB is at most this long; longer text is refused before decoding it.
  if (base64.length > Math.ceil(maxProofBytes / 3) * 4) {
    throw new AppError('image_too_large', 'The image is larger than 5 MB');
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxProofBytes) throw new AppError('image_too_large', 'The image is larger than 5 MB');
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError('invalid_image', 'The proof must be a PNG or JPEG image');
  return { bytes, type };
}

/**
 * Checks a base64 proof image and stores it; returns its storage key. Refused with invalid_image (not a
 * PNG or JPEG) or image_too_large before anything is written.
 */
export async function storeProof(storage: FileStorage, base64: string, folder: string): Promise<string> {
  const { bytes, type } = checkedProof(base64);
  return storage.put(folder, bytes, type);
}

/**
 * Decodes and checks several base64 images by their bytes before anything is stored (feedback, activity
 * comments): at most `maxImages` (else `tooManyCode`), each a PNG or JPEG of at most 5 MB.
 */
export function checkedImages(
  images: readonly string[],
  limits: { maxImages: number; tooManyCode: ErrorCode },
): Array<{ bytes: Buffer; type: 'png' | 'jpg' }> {
  if (images.length > limits.maxImages) {
    throw new AppError(limits.tooManyCode, `At most ${limits.maxImages} images`);
  }
  return images.map((base64, index) => {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > maxProofBytes) {
      throw new AppError('image_too_large', `Image ${index + 1} is larger than 5 MB`, { index });
    }
    const type = imageTypeOf(bytes);
    if (!type) throw new AppError('invalid_image', `Image ${index + 1} is not a PNG or JPEG`, { index });
    return { bytes, type };
  });
}
