/** SPEC 9: the 360 spin turns one frame per 20 px dragged and auto-rotates every 100 ms by default. */
export const SPIN_PX_PER_STEP = 20;
export const SPIN_INTERVAL_MS = 100;

/** The frame shown after dragging `dx` px from `startFrame` (dragging left turns the car forwards). */
export function frameAfterDrag(
  startFrame: number,
  dx: number,
  frameCount: number,
  pxPerStep = SPIN_PX_PER_STEP,
): number {
  if (frameCount <= 0) return 0;
  const steps = Math.trunc(-dx / pxPerStep);
  return (((startFrame + steps) % frameCount) + frameCount) % frameCount;
}

/**
 * Auto-rotation: the next frame, or undefined once one full loop has been shown (SPEC 4: it
 * stops after one loop). `ticks` counts the frames advanced so far.
 */
export function autoRotateNext(
  frame: number,
  ticks: number,
  frameCount: number,
): number | undefined {
  if (frameCount <= 1 || ticks >= frameCount) return undefined;
  return (frame + 1) % frameCount;
}

/** The spin's accessible value text for a frame ("Angle 90 degrees"). */
export function spinAngleText(frame: number, frameCount: number): string {
  return `Angle ${Math.round((frame * 360) / Math.max(frameCount, 1))} degrees`;
}
