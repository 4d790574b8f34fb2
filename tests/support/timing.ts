/** The median of nine timed runs of `run` (after one untimed warm-up), in milliseconds. */
export function medianOfNine(run: () => unknown) {
  run();
  const times = Array.from({ length: 9 }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[4]!;
}
