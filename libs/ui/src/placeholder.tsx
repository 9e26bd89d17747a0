import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { usePageMeta } from './meta';
import { Card, Heading, Page } from './primitives';

const Params = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  margin: 1rem 0 0;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
  }
`;

/** A screen whose content arrives in a later issue: real route, title, metadata and the parameters it received. */
export function ScreenPlaceholder({ title, description }: { title: string; description: string }) {
  usePageMeta({ title, description });
  const params = useParams();
  const [search] = useSearchParams();
  const entries = [...Object.entries(params).filter(([key]) => key !== '*'), ...search.entries()];
  return (
    <Page>
      <Heading>{title}</Heading>
      <Card data-testid="screen-placeholder">
        <p>{description}</p>
        <p>This screen is being built.</p>
        {entries.length > 0 && (
          <Params>
            {entries.map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Params>
        )}
      </Card>
    </Page>
  );
}
