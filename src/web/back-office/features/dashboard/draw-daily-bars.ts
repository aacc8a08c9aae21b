import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * uPlot, loaded only by the dashboard's charts after the page is drawn (decision 046): one bar a
 * day, the days as their labels (not a time scale: the days are Madrid's, whatever the browser's
 * zone), the values written by the page's own formatter.
 */
export type DailyBars = {
  labels: readonly string[];
  values: readonly number[];
  /** What a tick on the value axis says ("12,00 €", "3"). */
  format: (value: number) => string;
  /** Value-axis steps to choose from: whole euros for money, whole orders for counts. */
  steps: number[];
  height: number;
};

/** Pixels between two day labels at least: every other day or every week on a phone. */
const DAY_TICK_SPACE = 40;

/** Steps of 1, 2 and 5 times a power of ten, from `smallest` up. */
export function stepsFrom(smallest: number): number[] {
  return Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((m) => m * smallest * 10 ** power)).flat();
}

function colour(element: Element, token: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(token).trim() || fallback;
}

/** Draws the bars into `target`, as wide as it is, redrawn when it changes size; returns the undo. */
export function drawDailyBars(target: HTMLElement, bars: DailyBars): () => void {
  const ink = colour(target, "--color-text", "#1d2433");
  const grid = colour(target, "--color-border", "#d8dee8");
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const options: uPlot.Options = {
    width: Math.max(target.clientWidth, 200),
    height: bars.height,
    legend: { show: false },
    cursor: { y: false, drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(max, bars.steps[0] ?? 1)] },
    },
    series: [
      {},
      {
        stroke: colour(target, "--color-brand-dark", "#006fa1"),
        fill: colour(target, "--color-brand", "#009fe3"),
        paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
        points: { show: false },
      },
    ],
    axes: [
      {
        ...axis,
        space: DAY_TICK_SPACE,
        incrs: [1, 2, 5, 7, 14],
        values: (_u, splits) => splits.map((split) => bars.labels[split] ?? ""),
      },
      { ...axis, size: 80, incrs: bars.steps, values: (_u, splits) => splits.map(bars.format) },
    ],
  };
  const data: uPlot.AlignedData = [bars.values.map((_, index) => index), [...bars.values]];
  const chart = new uPlot(options, data, target);
  const resized = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(target.clientWidth, 200), height: bars.height }),
  );
  resized.observe(target);
  return () => {
    resized.disconnect();
    chart.destroy();
  };
}
