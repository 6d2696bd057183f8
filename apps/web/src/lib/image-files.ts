/**
 * Images a player attaches (feedback, spec section 9; activity comments, spec section 5): PNG or JPEG,
 * checked here by their first bytes and size before upload. The server checks the bytes again.
 */
export interface ImageLimits {
  /** How many images at most. */
  count: number;
  /** The size of each image at most, in bytes. */
  bytes: number;
}

export interface PickedImage {
  name: string;
  /** data: URL for the preview. */
  preview: string;
  /** base64 without the data: prefix, as the server takes it. */
  base64: string;
}

/** Why a file is refused: one too many, not PNG or JPEG, or too large. */
export type ImageRefusal = 'count' | 'type' | 'size';

const pngMagic = [0x89, 0x50, 0x4e, 0x47];
const jpegMagic = [0xff, 0xd8, 0xff];

/** 'ok', or why the file is refused (by its first bytes and size, never by its name). */
export async function checkImage(file: File, maxBytes: number): Promise<'ok' | 'type' | 'size'> {
  if (file.size > maxBytes) return 'size';
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const starts = (magic: number[]) => magic.every((byte, index) => head[index] === byte);
  return starts(pngMagic) || starts(jpegMagic) ? 'ok' : 'type';
}

/** Reads a checked file for preview and upload. */
export function readImage(file: File): Promise<PickedImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const preview = typeof reader.result === 'string' ? reader.result : '';
      resolve({ name: file.name, preview, base64: preview.slice(preview.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}

/** A file the picker refused, and why. */
export interface RefusedImage {
  reason: ImageRefusal;
  name: string;
}

/**
 * Adds the chosen files to those already picked, in order, and names each refused one (a file past the
 * count stops the rest, as nothing more can be added).
 */
export async function addImages(
  picked: readonly PickedImage[],
  files: readonly File[],
  limits: ImageLimits,
): Promise<{ images: PickedImage[]; refused: RefusedImage[] }> {
  const images = [...picked];
  const refused: RefusedImage[] = [];
  for (const file of files) {
    if (images.length >= limits.count) {
      refused.push({ reason: 'count', name: file.name });
      break;
    }
    const verdict = await checkImage(file, limits.bytes);
    if (verdict === 'ok') images.push(await readImage(file));
    else refused.push({ reason: verdict, name: file.name });
  }
  return { images, refused };
}
