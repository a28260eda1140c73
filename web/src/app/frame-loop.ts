// One draw per animation frame. A draw that throws stops the loop: one
// report beats an error every 16 ms. The returned function stops it too.

export function startFrameLoop(drawFrame: () => void, onError: (error: unknown) => void): () => void {
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    try {
      drawFrame();
    } catch (error) {
      onError(error);
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    stopped = true;
  };
}
