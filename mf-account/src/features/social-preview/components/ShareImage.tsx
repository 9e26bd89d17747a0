import { useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_IMAGE } from '@matchday/ui';

const Frame = styled.div`
  aspect-ratio: 1200 / 630;
  width: 100%;
  overflow: hidden;
  background: #0b1120;
  img,
  svg {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The 1200x630 share image (/og-image.svg), drawn in place when the file cannot be loaded. */
export function ShareImage({
  title = 'Matchday',
  subtitle = 'Football stats, fixtures and fantasy insights',
}: {
  title?: string;
  subtitle?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <Frame>
      {broken ? (
        <svg viewBox="0 0 1200 630" role="img" aria-label={`${title} share image`}>
          <defs>
            <linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#14532d" />
              <stop offset="0.7" stopColor="#0b1120" />
            </linearGradient>
          </defs>
          <rect width="1200" height="630" fill="url(#og-bg)" />
          <circle cx="150" cy="150" r="60" fill="#22c55e" />
          <text x="240" y="170" fill="#f8fafc" fontSize="64" fontWeight="800" fontFamily="system-ui, sans-serif">
            {title}
          </text>
          <text x="90" y="380" fill="#bbf7d0" fontSize="40" fontFamily="system-ui, sans-serif">
            {subtitle}
          </text>
          <text x="90" y="450" fill="#e2e8f0" fontSize="30" fontFamily="system-ui, sans-serif">
            Indian Super League · Premier League · Champions League
          </text>
        </svg>
      ) : (
        <img src={DEFAULT_IMAGE} width={1200} height={630} alt={`${title} share image`} onError={() => setBroken(true)} />
      )}
    </Frame>
  );
}
