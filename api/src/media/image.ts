import { imageSize } from 'image-size';

/** Width and height from the image's own header (image-size), or null when it cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
