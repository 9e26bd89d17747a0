import { useId, type ReactElement, type ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import styled from 'styled-components';

/** Spec §9: a tooltip opens 700 ms after the pointer or focus arrives; moving to another within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Groups tooltips so the skip delay applies between them (put it around a table header, a toolbar, a screen).
 * Radix Tooltip (keyboard focus opens it, Escape closes it, the content is announced as the trigger's description).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

const Content = styled(RadixTooltip.Content)`
  z-index: 60;
  max-width: 16rem;
  padding: 0.35rem 0.6rem;
  border-radius: 6px;
  background: ${({ theme }) => theme.text};
  color: ${({ theme }) => theme.surface};
  font-size: 0.8rem;
  font-weight: 500;
  line-height: 1.3;
  box-shadow: 0 4px 14px rgb(0 0 0 / 0.2);
  svg {
    fill: ${({ theme }) => theme.text};
  }
`;

/** A tooltip on one focusable element (a button, a link, an Abbr). Touch screens show none: put nothing essential only there. */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Content sideOffset={4} data-testid="tooltip">
          {label}
          <RadixTooltip.Arrow width={10} height={5} />
        </Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * An abbreviation with its expansion in a tooltip (instead of the browser's title, which keyboards never see and whose
 * delay the page cannot set). Focusable, and described by the expansion whether or not the tooltip is open.
 */
export function Abbr({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <>
      <Tooltip label={title}>
        <abbr tabIndex={0} aria-describedby={id} data-expansion={title}>
          {children}
        </abbr>
      </Tooltip>
      <span id={id} hidden>
        {title}
      </span>
    </>
  );
}
