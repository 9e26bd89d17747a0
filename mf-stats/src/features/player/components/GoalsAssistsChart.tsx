import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { PlayerRecentFixture } from '@matchday/contracts';
import { standingsShortName, shortDate } from '../../../lib/names';
import { num } from '../../../lib/numbers';

/** Goals and assists per recent fixture, oldest on the left (loaded lazily: it pulls in recharts). */
export default function GoalsAssistsChart({ fixtures, height }: { fixtures: readonly PlayerRecentFixture[]; height: number }) {
  const theme = useTheme();
  const data = [...fixtures].reverse().map((fixture) => ({
    name: standingsShortName(fixture.againstTeamName),
    label: `vs ${fixture.againstTeamName}, ${shortDate(fixture.eventDate)}`,
    Goals: num(fixture.goals_Total),
    Assists: num(fixture.goals_Assist),
  }));
  return (
    <BarChart responsive data={data} style={{ width: '100%', height }} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.border} vertical={false} />
      <XAxis dataKey="name" tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <YAxis allowDecimals={false} tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <Tooltip
        labelFormatter={(_, payload) => (payload?.[0]?.payload as { label?: string } | undefined)?.label ?? ''}
        contentStyle={{ background: theme.surfaceRaised, border: `1px solid ${theme.border}`, borderRadius: 8, color: theme.text }}
        cursor={{ fill: theme.surfaceRaised }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Bar dataKey="Goals" fill="#22c55e" radius={[4, 4, 0, 0]} />
      <Bar dataKey="Assists" fill="#3b82f6" radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}
