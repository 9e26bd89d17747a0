import styled, { keyframes } from 'styled-components';
import { Logo } from './Logo';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.5; }
`;

const Wrap = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  text-align: center;
  div {
    animation: ${pulse} 1.5s ease-in-out infinite;
  }
  p {
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** While auth state loads: the logo with 'Loading...' (spec §2). */
export function LoadingScreen() {
  return (
    <Wrap role="status" aria-live="polite">
      <div>
        <Logo size={48} />
        <p>Loading...</p>
      </div>
    </Wrap>
  );
}
