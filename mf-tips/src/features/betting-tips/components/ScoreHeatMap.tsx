import styled from 'styled-components';

const Table = styled.table`
  border-collapse: separate;
  border-spacing: 3px;
  width: 100%;
  max-width: 520px;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
    color: ${({ theme }) => theme.textMuted};
    font-size: 0.85rem;
    margin-bottom: 0.4rem;
  }
  th {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.textMuted};
    font-weight: 700;
  }
  td {
    background: ${({ theme }) => theme.surfaceRaised};
    text-align: center;
    font-size: 0.72rem;
    font-weight: 700;
    padding: 0.45rem 0;
    border-radius: 5px;
  }
`;

/** Five steps from unlikely to likely; each text colour keeps at least 4.5:1 on its background in both themes. */
const SHADES: Array<{ below: number; background?: string; color?: string }> = [
  { below: 0.15 },
  { below: 0.35, background: '#dcfce7', color: '#14532d' },
  { below: 0.6, background: '#86efac', color: '#14532d' },
  { below: 0.85, background: '#15803d', color: '#ffffff' },
  { below: Infinity, background: '#14532d', color: '#ffffff' },
];

/** The score matrix as a heat map: home goals down, away goals across; darker = more likely. */
export function ScoreHeatMap({ matrix, home, away }: { matrix: number[][]; home: string; away: string }) {
  const max = Math.max(...matrix.flat());
  return (
    <Table data-testid="heat-map">
      <caption>
        Probability of each score: {home} goals down, {away} goals across
      </caption>
      <thead>
        <tr>
          <th scope="col" title={`${home} goals down, ${away} goals across`}>
            H \ A
          </th>
          {matrix[0]!.map((_, a) => (
            <th key={a} scope="col">
              {a}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.map((row, h) => (
          <tr key={h}>
            <th scope="row">{h}</th>
            {row.map((p, a) => {
              const strength = max > 0 ? p / max : 0;
              const shade = SHADES.find((step) => strength < step.below) ?? SHADES[SHADES.length - 1]!;
              return (
                <td
                  key={a}
                  data-testid="heat-cell"
                  title={`${home} ${h} - ${a} ${away}: ${(p * 100).toFixed(1)}%`}
                  style={shade.background ? { background: shade.background, color: shade.color } : undefined}
                >
                  {(p * 100).toFixed(1)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
