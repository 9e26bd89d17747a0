import { Link } from 'react-router-dom';
import { Button, EmptyState, Page, usePageMeta } from '@matchday/ui';

export function NotFound() {
  usePageMeta({ title: 'Page Not Found' });
  return (
    <Page>
      <EmptyState title="Page Not Found" message="The page you're looking for doesn't exist.">
        <Button as={Link} to="/">
          Back to Home
        </Button>
      </EmptyState>
    </Page>
  );
}
