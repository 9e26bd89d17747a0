import styled from 'styled-components';
import { media } from '@matchday/ui';
import { ShareImage } from './ShareImage';

export interface PreviewContent {
  title: string;
  description: string;
  url: string;
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.25rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Platform = styled.figure`
  margin: 0;
  display: grid;
  gap: 0.5rem;
  figcaption {
    font-weight: 700;
  }
`;

const Tile = styled.div<{ $style: 'facebook' | 'twitter' | 'whatsapp' | 'discord' }>`
  border-radius: ${({ $style }) => ($style === 'twitter' ? '16px' : '8px')};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.border};
  border-left: ${({ $style }) => ($style === 'discord' ? '4px solid #22c55e' : undefined)};
  background: ${({ $style, theme }) => ($style === 'whatsapp' ? '#dcf8c6' : $style === 'discord' ? '#2b2d31' : theme.surfaceRaised)};
  color: ${({ $style, theme }) => ($style === 'whatsapp' ? '#111b21' : $style === 'discord' ? '#dbdee1' : theme.text)};
  div.text {
    padding: 0.6rem 0.8rem;
    display: grid;
    gap: 0.2rem;
    font-size: 0.88rem;
  }
  small {
    opacity: 0.7;
    text-transform: uppercase;
  }
  strong {
    font-size: 0.98rem;
  }
  span {
    opacity: 0.85;
  }
`;

function domain(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** How a link with this metadata appears on Facebook/LinkedIn, Twitter/X, WhatsApp and Discord. */
export function PreviewCards({ content }: { content: PreviewContent }) {
  const platforms = [
    ['facebook', 'Facebook / LinkedIn'],
    ['twitter', 'Twitter / X'],
    ['whatsapp', 'WhatsApp'],
    ['discord', 'Discord'],
  ] as const;
  return (
    <Grid>
      {platforms.map(([style, name]) => (
        <Platform key={style}>
          <figcaption>{name}</figcaption>
          <Tile $style={style} data-testid={`preview-${style}`}>
            <ShareImage />
            <div className="text">
              <small>{domain(content.url)}</small>
              <strong>{content.title}</strong>
              <span>{content.description}</span>
            </div>
          </Tile>
        </Platform>
      ))}
    </Grid>
  );
}
