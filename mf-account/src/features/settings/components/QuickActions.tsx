import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@matchday/ui';
import { Section } from '../../../lib/layout';

const Actions = styled.div`
  display: grid;
  gap: 0.5rem;
  > * {
    justify-content: space-between;
    text-decoration: none;
  }
`;

export function QuickActions() {
  return (
    <Section id="quick-actions" title="Quick Actions">
      <Actions>
        <Button as={Link} to="/profile" $variant="outline">
          View Profile
        </Button>
        <Button as="a" href="#alerts" $variant="outline">
          Notification Preferences
        </Button>
      </Actions>
    </Section>
  );
}
