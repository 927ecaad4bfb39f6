import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { autoRotateNext, frameAfterDrag, SPIN_INTERVAL_MS } from '../../domain/vehicle/spin';
import { CAROUSEL_HEIGHT, CAROUSEL_WIDTH } from '../../domain/vehicle/media';
import { SafeImage } from './SafeImage';

interface Props {
  frames: string[];
  name: string;
  /** Turn by itself once around on load (SPEC 4), unless the site disables it. */
  autoRotate: boolean;
  intervalMs?: number;
}

/** 360 spin: auto-rotates one loop, then drag (20 px per frame) or the arrow keys turn it. */
export default function SpinViewer({ frames, name, autoRotate, intervalMs = SPIN_INTERVAL_MS }: Props) {
  const [frame, setFrame] = useState(0);
  const [rotating, setRotating] = useState(autoRotate && !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const drag = useRef<{ x: number; start: number } | null>(null);

  useEffect(() => {
    // Preload every frame so turning is smooth.
    for (const url of frames) new Image().src = url;
  }, [frames]);

  useEffect(() => {
    if (!rotating) return;
    let ticks = 0;
    let current = 0;
    const timer = window.setInterval(() => {
      const next = autoRotateNext(current, ticks, frames.length);
      if (next === undefined) {
        window.clearInterval(timer);
        setRotating(false);
        return;
      }
      current = next;
      ticks++;
      setFrame(next);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, frames.length, intervalMs]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setRotating(false);
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
    setRotating(false);
    setFrame((current) => (current + (event.key === 'ArrowRight' ? 1 : -1) + frames.length) % frames.length);
  };

  return (
    <div
      className="spin"
      role="slider"
      tabIndex={0}
      aria-label={`360 view of the ${name}: drag or use the left and right arrow keys to turn it`}
      aria-valuemin={1}
      aria-valuemax={frames.length}
      aria-valuenow={frame + 1}
      aria-valuetext={`Angle ${Math.round((frame * 360) / frames.length)} degrees`}
      data-frame={frame}
      data-rotating={rotating ? 'true' : 'false'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <SafeImage src={frames[frame]!} alt="" width={CAROUSEL_WIDTH} height={CAROUSEL_HEIGHT} draggable={false} />
    </div>
  );
}
