import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { WIN_COLOURS } from '../rules/summary';

/** Wins of each team and draws over all completed meetings, as one stacked bar (loaded lazily: recharts). */
export default function WinsBar({ winsA, draws, winsB }: { winsA: number; draws: number; winsB: number }) {
  const total = winsA + draws + winsB;
  const data = [{ name: 'meetings', a: total ? winsA : 1, draw: total ? draws : 1, b: total ? winsB : 1 }];
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      style={{ width: '100%', height: 14 }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      barCategoryGap={0}
      accessibilityLayer={false}
    >
      <XAxis type="number" domain={[0, 'dataMax']} hide />
      <YAxis type="category" dataKey="name" hide />
      <Bar dataKey="a" stackId="wins" fill={WIN_COLOURS.a} isAnimationActive={false} />
      <Bar dataKey="draw" stackId="wins" fill={WIN_COLOURS.draw} isAnimationActive={false} />
      <Bar dataKey="b" stackId="wins" fill={WIN_COLOURS.b} isAnimationActive={false} />
    </BarChart>
  );
}
