import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { pointsCurve } from '../rules/combine';

export const SERIES_COLOURS = { Home: '#3b82f6', Away: '#f97316' } as const;

/** Points collected over the season, match by match, for home and/or away matches (loaded lazily: recharts). */
export default function FormChart({ series, height }: { series: Array<{ name: 'Home' | 'Away'; form: string }>; height: number }) {
  const theme = useTheme();
  const curves = series.map((s) => ({ name: s.name, points: pointsCurve(s.form) }));
  const length = Math.max(0, ...curves.map((c) => c.points.length));
  const data = Array.from({ length }, (_, index) => {
    const point: Record<string, number> = { match: index + 1 };
    for (const curve of curves) if (index < curve.points.length) point[curve.name] = curve.points[index]!;
    return point;
  });
  return (
    <LineChart responsive data={data} style={{ width: '100%', height }} margin={{ top: 8, right: 12, bottom: 4, left: -20 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.border} vertical={false} />
      <XAxis dataKey="match" tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <YAxis allowDecimals={false} tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <Tooltip
        labelFormatter={(label) => `Match ${String(label)}`}
        formatter={(value, name) => [`${String(value)} pts`, `${String(name)} points`]}
        contentStyle={{ background: theme.surfaceRaised, border: `1px solid ${theme.border}`, borderRadius: 8, color: theme.text }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      {curves.map((curve) => (
        <Line key={curve.name} type="monotone" dataKey={curve.name} stroke={SERIES_COLOURS[curve.name]} strokeWidth={2.5} dot={{ r: 3 }} />
      ))}
    </LineChart>
  );
}
