import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { RecordSummary } from '@matchday/contracts';

/** Predicted vs observed frequency by probability bin (loaded lazily: recharts, as on the stats screens). */
export default function CalibrationChart({ bins, height }: { bins: RecordSummary['calibration']; height: number }) {
  const theme = useTheme();
  const data = bins.map((b) => ({
    predicted: Math.round(b.predicted * 1000) / 10,
    observed: Math.round(b.observed * 1000) / 10,
    count: b.count,
  }));
  return (
    <LineChart responsive data={data} style={{ width: '100%', height }} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.border} />
      <XAxis
        dataKey="predicted"
        type="number"
        domain={[0, 100]}
        unit="%"
        tick={{ fill: theme.textMuted, fontSize: 12 }}
        stroke={theme.border}
      />
      <YAxis type="number" domain={[0, 100]} unit="%" tick={{ fill: theme.textMuted, fontSize: 12 }} stroke={theme.border} />
      <ReferenceLine
        segment={[
          { x: 0, y: 0 },
          { x: 100, y: 100 },
        ]}
        stroke={theme.textMuted}
        strokeDasharray="4 4"
      />
      <Tooltip
        formatter={(value, name) => [`${String(value)}%`, String(name)]}
        labelFormatter={(label) => `Predicted ${String(label)}%`}
        contentStyle={{ background: theme.surfaceRaised, border: `1px solid ${theme.border}`, borderRadius: 8, color: theme.text }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Line type="monotone" dataKey="observed" name="Observed" stroke="#3b82f6" strokeWidth={2.5} dot={{ r: 3 }} />
    </LineChart>
  );
}
