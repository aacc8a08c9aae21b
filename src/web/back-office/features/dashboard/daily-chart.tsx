import { useEffect, useRef, useState } from "react";
import type { SalesDay } from "#shared/api/back-office-dashboard-contract.ts";
import styles from "./dashboard.module.css";
import { shortDay } from "./dashboard-format.ts";

type DailyChartProps = {
  id: string;
  title: string;
  days: readonly SalesDay[];
  pick: (day: SalesDay) => number;
  /** The span's total, as the server summed it. */
  total: number;
  format: (value: number) => string;
  /** The value axis's smallest step (a euro, an order). */
  smallestStep: number;
  /** The id of the table that gives the same figures as text. */
  tableId: string;
};

type ChartState = "waiting" | "drawn" | "failed";

/**
 * One bar a day over the 30 days. The server draws the frame and its text alternative; the chart
 * library is fetched after hydration, by this effect alone, so no first view carries it
 * (decision 046). Without it the table below says the same.
 */
export function DailyChart({ id, title, days, pick, total, format, smallestStep, tableId }: DailyChartProps) {
  const plot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ChartState>("waiting");
  useEffect(() => {
    let undo: (() => void) | undefined;
    let gone = false;
    import("./draw-daily-bars.ts")
      .then(({ drawDailyBars, stepsFrom }) => {
        if (gone || !plot.current) return;
        const labels = days.map(({ day }) => shortDay(day));
        const values = days.map(pick);
        undo = drawDailyBars(plot.current, {
          labels,
          values,
          format,
          steps: stepsFrom(smallestStep),
          height: 220,
        });
        setState("drawn");
      })
      .catch(() => setState("failed"));
    return () => {
      gone = true;
      undo?.();
    };
  }, [days, pick, format, smallestStep]);
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </figcaption>
      <div
        ref={plot}
        id={id}
        className={styles.plot}
        role="img"
        aria-label={summaryOf({ title, days, pick, total, format })}
        aria-describedby={tableId}
        data-chart={state}
      />
      {state === "failed" ? (
        <p className={styles.chartNote}>No se ha podido dibujar el gráfico: las cifras están en la tabla.</p>
      ) : null}
    </figure>
  );
}

/** What the chart shows, said in words: the span, its total and its best day. */
function summaryOf({
  title,
  days,
  pick,
  total,
  format,
}: Pick<DailyChartProps, "title" | "days" | "pick" | "total" | "format">): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return title;
  const best = days.reduce((top, day) => (pick(day) > pick(top) ? day : top), first);
  const span = `${title}, del ${shortDay(first.day)} al ${shortDay(last.day)}: ${format(total)} en total`;
  return pick(best) > 0
    ? `${span}; el día con más, el ${shortDay(best.day)}, ${format(pick(best))}.`
    : `${span}.`;
}
