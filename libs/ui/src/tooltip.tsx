import { createContext, startTransition, useContext, useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';

/** Spec §9: a tooltip opens 700 ms after the pointer or focus arrives; moving to another within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Radix Tooltip (keyboard focus opens it, Escape closes it, the content is announced as the trigger's description),
 * fetched as a chunk of its own once a screen with tooltips is shown: about 19 KB gzip that no screen's first
 * render waits for. Until it has arrived (or if it never does), the triggers render as they are, without tooltips.
 */
type Radix = typeof import('@radix-ui/react-tooltip');
let radixModule: Radix | null = null;
let radixLoading: Promise<Radix> | null = null;

export function loadTooltips(): Promise<Radix> {
  radixLoading ??= import(/* webpackChunkName: "tooltip" */ '@radix-ui/react-tooltip').then((module) => (radixModule = module));
  return radixLoading;
}

const RadixContext = createContext<Radix | null>(null);

/**
 * Groups tooltips so the skip delay applies between them (put it around a table, a toolbar, a screen). When Radix
 * arrives, what the provider holds is drawn again inside Radix's provider (mounted anew: the tree's shape changes) as a
 * transition, in slices: drawn at once, a standings table took one ~25 ms task on a first load (CPU profile).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [radix, setRadix] = useState(radixModule);
  useEffect(() => {
    if (!radix)
      void loadTooltips().then(
        (module) => startTransition(() => setRadix(module)),
        () => undefined,
      );
  }, [radix]);
  if (!radix) return <>{children}</>;
  return (
    <RadixContext.Provider value={radix}>
      <radix.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </radix.Provider>
    </RadixContext.Provider>
  );
}

const Bubble = styled(({ className, label, radix }: { className?: string; label: string; radix: Radix }) => (
  <radix.Content className={className} sideOffset={4} data-testid="tooltip">
    {label}
    <radix.Arrow width={10} height={5} />
  </radix.Content>
))`
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

/** A tooltip on one focusable element (a button, a link, an Abbr), inside a TooltipProvider. Touch screens show none. */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const radix = useContext(RadixContext);
  if (!radix) return children;
  return (
    <radix.Root>
      <radix.Trigger asChild>{children}</radix.Trigger>
      <radix.Portal>
        <Bubble label={label} radix={radix} />
      </radix.Portal>
    </radix.Root>
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
