import { useEffect, useRef, useState } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartDataset,
} from 'chart.js';

// The one place Chart.js is imported (docs/decisions/037-charts-chart-js.md): only the lazy
// Insights modules import this file, so the library never reaches the shell or public pages.
// Only what the charts use is registered, which keeps the chunk to the measured size.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Colours by the theme's own variables (src/web/styles.css), read when the chart draws. */
export type ChartColor = 'brand' | 'muted' | 'danger' | 'success' | 'info';
const COLOR_VARS: Record<ChartColor, string> = {
  brand: '--brand',
  muted: '--fg-muted',
  danger: '--danger',
  success: '--success-text',
  info: '--info-text',
};

export interface ChartSeries {
  label: string;
  data: (number | null)[];
  color: ChartColor;
  /** A line on a bar chart (a running total over the months). */
  line?: boolean;
  /** Dashed, so a comparison reads apart from the figure without relying on colour. */
  dashed?: boolean;
  /** On its own scale on the right (a total beside monthly counts). */
  rightAxis?: boolean;
}

export interface ChartSpec {
  kind: 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  /** Bars run sideways (long labels: offers and asks). */
  horizontal?: boolean;
}

/** The `<html>` element's theme class; the tests and the theme switch both change it there. */
function useThemeClass(): string {
  const [theme, setTheme] = useState(() => document.documentElement.className);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.className));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

function dataset(series: ChartSeries, kind: ChartSpec['kind'], css: CSSStyleDeclaration): ChartDataset {
  const color = css.getPropertyValue(COLOR_VARS[series.color]).trim();
  const asLine = kind === 'line' || series.line;
  return {
    type: asLine ? 'line' : 'bar',
    label: series.label,
    data: series.data,
    borderColor: color,
    backgroundColor: color,
    borderWidth: asLine ? 2 : 0,
    borderDash: series.dashed ? [6, 4] : undefined,
    pointRadius: asLine ? 2 : undefined,
    spanGaps: true,
    yAxisID: series.rightAxis ? 'y2' : 'y',
  } as ChartDataset;
}

/**
 * A chart for the eye only: hidden from screen readers (the table beside it carries the numbers)
 * and never focusable. A canvas does not inherit CSS, so it is drawn again when the theme changes.
 */
export function InsightsChart({ spec, className }: { spec: ChartSpec; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useThemeClass();
  const key = JSON.stringify(spec);

  useEffect(() => {
    if (!canvas.current) return;
    const css = getComputedStyle(document.documentElement);
    const fg = css.getPropertyValue('--fg-muted').trim();
    const line = css.getPropertyValue('--line').trim();
    Chart.defaults.color = fg;
    Chart.defaults.borderColor = line;
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    const parsed = JSON.parse(key) as ChartSpec;
    const valueAxis = parsed.horizontal ? 'x' : 'y';
    const chart = new Chart(canvas.current, {
      type: parsed.kind,
      data: { labels: parsed.labels, datasets: parsed.series.map((s) => dataset(s, parsed.kind, css)) },
      options: {
        // Nothing moves (reduced motion), and a redraw on a theme change is instant.
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: parsed.horizontal ? 'y' : 'x',
        plugins: { legend: { display: parsed.series.length > 1, labels: { color: fg } } },
        scales: {
          [valueAxis]: { beginAtZero: true, ticks: { precision: 0, color: fg }, grid: { color: line } },
          [parsed.horizontal ? 'y' : 'x']: { ticks: { color: fg, autoSkip: true }, grid: { display: false } },
          ...(parsed.series.some((s) => s.rightAxis)
            ? {
                y2: {
                  position: 'right',
                  beginAtZero: true,
                  ticks: { precision: 0, color: fg },
                  grid: { display: false },
                },
              }
            : {}),
        },
      },
    });
    return () => chart.destroy();
  }, [key, theme]);

  return (
    <div aria-hidden="true" className={className ?? 'relative h-64 w-full'}>
      <canvas ref={canvas} />
    </div>
  );
}
