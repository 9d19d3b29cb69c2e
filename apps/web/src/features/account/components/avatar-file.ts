import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@canopy/contract';

/** The image types the server takes for avatars. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export function avatarFileProblem(file: File): 'type' | 'size' | null {
  if (!AVATAR_TYPES.some((type) => type === file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read')));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/** The centre square of the image, drawn at `px` × `px`. */
function drawSquare(image: HTMLImageElement, px: number, type: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.imageSmoothingQuality = 'high';
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  const sx = (image.naturalWidth - side) / 2;
  const sy = (image.naturalHeight - side) / 2;
  context.drawImage(image, sx, sy, side, side, 0, 0, px, px);
  return canvas.toDataURL(type, 0.92);
}

/**
 * What is uploaded for a picked avatar: the picture as avatars show it (the centre square) at 1x
 * and at 2x, for screens with a device pixel ratio above 1 (spec §9). GIFs stay as they are (their
 * animation would be lost), and so does a picture the browser cannot draw.
 */
export async function avatarSizes(dataUrl: string, type: string): Promise<{ dataUrl: string; dataUrl2x?: string }> {
  if (type === 'image/gif') return { dataUrl };
  try {
    const image = await loadImage(dataUrl);
    // JPEG stays JPEG (photos); PNG and WebP become PNG, which every browser can write and keeps transparency.
    const out = type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    return { dataUrl: drawSquare(image, AVATAR_SIZE_PX, out), dataUrl2x: drawSquare(image, AVATAR_SIZE_PX * 2, out) };
  } catch {
    return { dataUrl };
  }
}
