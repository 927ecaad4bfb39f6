import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { NOT_FOUND_IMAGE } from '../../domain/vehicle/media';

/** An <img> that falls back to the not-found placeholder (SPEC 8), even when it failed before hydration. */
export function SafeImage(props: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const fallBack = (img: HTMLImageElement) => {
    if (!img.src.endsWith(NOT_FOUND_IMAGE)) img.src = NOT_FOUND_IMAGE;
  };
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) fallBack(img);
  }, [props.src]);
  return <img ref={ref} {...props} onError={(event) => fallBack(event.currentTarget)} />;
}
