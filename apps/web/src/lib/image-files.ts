/** Spec section 9: at most 3 images, PNG or JPEG, 5 MB each. The server checks the bytes again. */
export const feedbackImageLimits = { count: 3, bytes: 5 * 1024 * 1024 };

export interface PickedImage {
  name: string;
  /** data: URL for the preview. */
  preview: string;
  /** base64 without the data: prefix, as the server takes it. */
  base64: string;
}

const pngMagic = [0x89, 0x50, 0x4e, 0x47];
const jpegMagic = [0xff, 0xd8, 0xff];

/** 'ok', or why the file is refused (by its first bytes and size, never by its name). */
export async function checkImage(file: File): Promise<'ok' | 'type' | 'size'> {
  if (file.size > feedbackImageLimits.bytes) return 'size';
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
