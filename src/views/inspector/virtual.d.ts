/** The build-time statecharts (chartsPlugin.ts). */
declare module 'virtual:statecharts' {
  import type { LaidChart } from './laidChart.ts';
  export const charts: Record<string, () => Promise<LaidChart>>;
}
