import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { frameAfterDrag, spinAngleText } from '../../domain/vehicle/spin';
import { CAROUSEL_HEIGHT, CAROUSEL_WIDTH } from '../../domain/vehicle/media';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage, SLOT_LAYOUTS } from '../../domain/images/responsive';
import { preloadFrame } from '../../browser/spin-frames';
import { SafeImage } from './SafeImage';

interface Props {
  frames: string[];
  name: string;
  /** Turn by itself once around on load (SPEC 4), unless the site disables it. */
  autoRotate: boolean;
  /** The first frame is the page's main image: fetch it first. */
  priority?: boolean;
  /** How frames are resized (imageUrlContext). */
  images?: ImageUrlContext | undefined;
}

/**
 * 360 spin: drag (20 px per frame) or the arrow keys turn it. Its one turn on load is played on
 * the server-rendered markup by src/components/vehicle/spin-autoplay.ts, without React (the viewer
 * island hydrates only when touched); once live, this takes over at the frame that was showing.
 */
export default function SpinViewer({ frames, name, autoRotate, priority = false, images }: Props) {
  const [frame, setFrame] = useState(0);
  const [live, setLive] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: number } | null>(null);
  const sized = useMemo(
    () => frames.map((frame) => responsiveImage(images, frame, 'gallery')),
    [frames, images],
  );

  useEffect(() => {
    const data = root.current?.dataset;
    const shown = Number(data?.frame);
    if (shown > 0 && shown < frames.length) setFrame(shown);
    // A drag pressed before hydration (src/components/vehicle/spin-early-drag.ts) goes on from where it was pressed.
    if (data?.dragX !== undefined)
      drag.current = { x: Number(data.dragX), start: Number(data.dragFrame) || 0 };
    setLive(true);
    // Preload every frame so turning is smooth.
    for (const frame of sized) preloadFrame(frame, SLOT_LAYOUTS.gallery.sizes);
  }, [frames, sized]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, start: frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setFrame(frameAfterDrag(drag.current.start, event.clientX - drag.current.x, frames.length));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setFrame(
      (current) =>
        (current + (event.key === 'ArrowRight' ? 1 : -1) + frames.length) % frames.length,
    );
  };

  return (
    <div
      ref={root}
      className="spin"
      role="slider"
      tabIndex={0}
      aria-label={`360 view of the ${name}: drag or use the left and right arrow keys to turn it`}
      aria-valuemin={1}
      aria-valuemax={frames.length}
      aria-valuenow={frame + 1}
      aria-valuetext={spinAngleText(frame, frames.length)}
      data-frame={frame}
      data-rotating={autoRotate && !live ? 'true' : 'false'}
      data-spin-frames={live ? undefined : JSON.stringify(sized)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <SafeImage
        {...sized[frame]!}
        alt=""
        width={CAROUSEL_WIDTH}
        height={CAROUSEL_HEIGHT}
        draggable={false}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </div>
  );
}
