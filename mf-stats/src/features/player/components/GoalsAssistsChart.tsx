import { kickoffDate } from '@matchday/ui';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { PlayerRecentFixture } from '@matchday/contracts';
import { standingsShortName } from '../../../lib/names';
import { num } from '../../../lib/numbers';

/**
 * Goals and assists per recent fixture (bars, left axis) with the match rating (line, right axis),
 * oldest on the left. Loaded lazily: it pulls in recharts.
 */
export default function GoalsAssistsChart({ fixtures, height }: { fixtures: readonly PlayerRecentFixture[]; height: number }) {
  const theme = useTheme();
  const data = [...fixtures].reverse().map((fixture) => ({
    name: standingsShortName(fixture.againstTeamName),
    label: `vs ${fixture.againstTeamName}, ${kickoffDate(fixture.eventDate)}`,
    Goals: num(fixture.goals_Total),
    Assists: num(fixture.goals_Assist),
    Rating: fixture.rating === null ? null : Math.round(num(fixture.rating) * 10) / 10,
  }));
  const axis = { fill: theme.textMuted, fontSize: 12 };
  return (
    <ComposedChart responsive data={data} style={{ width: '100%', height }} margin={{ top: 8, right: -8, bottom: 0, left: -24 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.border} vertical={false} />
      <XAxis dataKey="name" tick={axis} stroke={theme.border} />
      <YAxis yAxisId="count" allowDecimals={false} domain={[0, (max: number) => Math.max(3, max)]} tick={axis} stroke={theme.border} />
      <YAxis yAxisId="rating" orientation="right" domain={[0, 10]} ticks={[0, 5, 10]} tick={axis} stroke={theme.border} />
      <Tooltip
        labelFormatter={(_, payload) => (payload?.[0]?.payload as { label?: string } | undefined)?.label ?? ''}
        contentStyle={{ background: theme.surfaceRaised, border: `1px solid ${theme.border}`, borderRadius: 8, color: theme.text }}
        cursor={{ fill: theme.surfaceRaised }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Bar yAxisId="count" dataKey="Goals" fill="#22c55e" radius={[4, 4, 0, 0]} />
      <Bar yAxisId="count" dataKey="Assists" fill="#3b82f6" radius={[4, 4, 0, 0]} />
      <Line yAxisId="rating" dataKey="Rating" stroke="#eab308" strokeWidth={2.5} dot={{ r: 3 }} connectNulls />
    </ComposedChart>
  );
}
