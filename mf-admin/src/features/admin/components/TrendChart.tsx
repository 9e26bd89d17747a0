import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { TrendDay } from '@matchday/contracts';
import { axisDay } from '@matchday/ui';
import type { TrendMetric } from '../store/admin-slice';

/** Bars per day of one trend series (loaded lazily: recharts). */
export default function TrendChart({
  days,
  metric,
  label,
  height,
}: {
  days: TrendDay[];
  metric: TrendMetric;
  label: string;
  height: number;
}) {
  const theme = useTheme();
  return (
    <BarChart responsive data={days} style={{ width: '100%', height }} margin={{ top: 8, right: 8, bottom: 4, left: -20 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.border} vertical={false} />
      <XAxis dataKey="date" tickFormatter={axisDay} tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} minTickGap={16} />
      <YAxis allowDecimals={false} tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <Tooltip
        cursor={{ fill: theme.surfaceRaised }}
        labelFormatter={(value) => axisDay(String(value))}
        formatter={(value) => [String(value), label]}
        contentStyle={{ background: theme.surfaceRaised, border: `1px solid ${theme.border}`, borderRadius: 8, color: theme.text }}
      />
      <Bar dataKey={metric} name={label} fill={theme.accent} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
