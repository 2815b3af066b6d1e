import { useEffect, useMemo } from 'react';
import type { ImageSize } from './wizardRules.ts';

/** A picture file's width and height as the browser reads them, or null when it is not a picture it reads. */
export function readImageSize(file: Blob): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: ImageSize | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () =>
      done(
        image.naturalWidth && image.naturalHeight
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : null,
      );
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** An address the page can show a chosen file at (a preview), released when the file changes. */
export function useObjectUrl(file: Blob | null): string | undefined {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
