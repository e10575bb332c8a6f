/**
 * Resolves at the second animation frame after `t0`, and never before the first frame that follows the moment
 * `drawn()` turned true: the chart (or table) has then been painted at least once.
 */
export function paintedAfter(t0: number, drawn: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    let frames = 0;
    let drawnAt = -1;
    const tick = () => {
      frames++;
      if (drawnAt < 0 && drawn()) drawnAt = frames;
      if (frames >= 2 && drawnAt >= 0 && frames > drawnAt) resolve(performance.now() - t0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export const stage = (): HTMLElement => {
  const el = document.getElementById('stage')!;
  el.replaceChildren();
  return el;
};
