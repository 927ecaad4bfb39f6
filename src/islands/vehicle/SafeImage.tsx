import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { showNotFound } from '../../browser/image-fallback';

/** An <img> that falls back to the not-found placeholder (SPEC 8), even when it failed before hydration. */
export function SafeImage(
  props: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string },
) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) showNotFound(img);
  }, [props.src]);
  return <img ref={ref} {...props} onError={(event) => showNotFound(event.currentTarget)} />;
}
