import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { split } from '../../../lib/numbers';

/**
 * The bar under a comparison row: the home share on the left, the away share on the right, 50/50
 * when both values are 0 (spec §9). Loaded lazily (recharts).
 */
export default function SplitBar({
  home,
  away,
  homeColour,
  awayColour,
}: {
  home: number;
  away: number;
  homeColour: string;
  awayColour: string;
}) {
  const [homeShare, awayShare] = split(home, away);
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[{ name: 'share', home: homeShare, away: awayShare }]}
      style={{ width: '100%', height: 8 }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      barCategoryGap={0}
      accessibilityLayer={false}
    >
      <XAxis type="number" domain={[0, 100]} hide />
      <YAxis type="category" dataKey="name" hide />
      <Bar dataKey="home" stackId="split" fill={homeColour} radius={[4, 0, 0, 4]} isAnimationActive={false} />
      <Bar dataKey="away" stackId="split" fill={awayColour} radius={[0, 4, 4, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
