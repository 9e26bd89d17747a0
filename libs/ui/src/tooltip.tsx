import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
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

/**
 * Whether the next tooltip under one provider opens at once (spec §9's skip delay): while one is open, and until
 * TOOLTIP_SKIP_DELAY_MS after the last one closed. The provider keeps it instead of Radix's own provider, which would
 * have to wrap the provider's whole subtree and so mount it anew when Radix arrives.
 */
export interface SkipDelay {
  subscribe: (listener: () => void) => () => void;
  skipping: () => boolean;
  opened: () => void;
  closed: () => void;
}

export function createSkipDelay(schedule: (run: () => void, ms: number) => () => void = defaultSchedule): SkipDelay {
  const listeners = new Set<() => void>();
  let open = 0;
  let skipping = false;
  let cancel: (() => void) | null = null;
  const set = (next: boolean) => {
    if (next === skipping) return;
    skipping = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    skipping: () => skipping,
    opened() {
      open += 1;
      cancel?.();
      cancel = null;
      set(true);
    },
    closed() {
      open = Math.max(0, open - 1);
      if (open > 0) return;
      cancel?.();
      cancel = schedule(() => {
        cancel = null;
        set(false);
      }, TOOLTIP_SKIP_DELAY_MS);
    },
  };
}

function defaultSchedule(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

const TooltipContext = createContext<{ radix: Radix | null; skip: SkipDelay } | null>(null);

/**
 * Groups tooltips so the skip delay applies between them (put it around a table, a toolbar, a screen). When Radix
 * arrives, only the tooltips are drawn again (as a transition): the provider's subtree keeps its shape, so a
 * standings table is not mounted anew (measured with bench/react-renders.ts: ~780 components mounted a second time
 * on a cold Standings load before).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [radix, setRadix] = useState(radixModule);
  const [skip] = useState(() => createSkipDelay());
  useEffect(() => {
    if (!radix)
      void loadTooltips().then(
        (module) => startTransition(() => setRadix(module)),
        () => undefined,
      );
  }, [radix]);
  const value = useMemo(() => ({ radix, skip }), [radix, skip]);
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}

const NOT_SKIPPING: SkipDelay = createSkipDelay(() => () => undefined);

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

/**
 * A tooltip on one focusable element (a button, a link, an Abbr), inside a TooltipProvider. Touch screens show none.
 * Each has a Radix provider of its own, whose delay is 0 while the shared skip delay runs.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const context = useContext(TooltipContext);
  const skip = context?.skip ?? NOT_SKIPPING;
  const skipping = useSyncExternalStore(skip.subscribe, skip.skipping, skip.skipping);
  // a tooltip removed while open (its row or tab gone) counts as closed, or the skip delay would never end
  const isOpen = useRef(false);
  useEffect(
    () => () => {
      if (isOpen.current) skip.closed();
      isOpen.current = false;
    },
    [skip],
  );
  const radix = context?.radix;
  if (!radix) return children;
  const openChanged = (open: boolean) => {
    isOpen.current = open;
    if (open) skip.opened();
    else skip.closed();
  };
  return (
    <radix.Provider delayDuration={skipping ? 0 : TOOLTIP_DELAY_MS} skipDelayDuration={0}>
      <radix.Root onOpenChange={openChanged}>
        <radix.Trigger asChild>{children}</radix.Trigger>
        <radix.Portal>
          <Bubble label={label} radix={radix} />
        </radix.Portal>
      </radix.Root>
    </radix.Provider>
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
