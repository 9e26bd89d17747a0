import type { AdminCacheSize } from '@matchday/contracts';
import { Skeleton } from '@matchday/ui';
import { counted, Figure, TileGrid } from '@matchday/ui/unshared';
import { byteSize, Muted, Section } from './parts';

/** The cache's figures: its entries, the bytes they hold against its bound, and how many reads it answered. */
export function CacheFigures({ size }: { size: AdminCacheSize }) {
  const reads = size.hits + size.misses;
  const hitRate = reads === 0 ? '-' : `${Math.round((100 * size.hits) / reads)}%`;
  return (
    <TileGrid $min="9rem" $size="large">
      <Figure label="Entries" value={size.entries} valueTestId="cache-entries" />
      <Figure label="Held" value={byteSize(size.bytes)} valueTestId="cache-bytes" />
      <Figure label="Bound" value={byteSize(size.maxBytes)} valueTestId="cache-max-bytes" />
      <Figure label="Answered from it" value={hitRate} valueTestId="cache-hit-rate" />
    </TileGrid>
  );
}

/**
 * The gateway's response cache (GET /api/admin/cache): what it holds now, counted as its bound counts it (bodies,
 * keys, headers and the objects around them), expired entries let go of. Refresh Cache empties it.
 */
export function CachePanel({ size, error }: { size: AdminCacheSize | null | undefined; error: unknown }) {
  return (
    <Section aria-labelledby="cache-title" data-testid="cache-panel">
      <h2 id="cache-title">Response cache</h2>
      {error ? (
        <Muted>The cache's size could not be read.</Muted>
      ) : !size ? (
        <Skeleton $height="4rem" aria-label="Loading the cache's size" />
      ) : (
        <>
          <CacheFigures size={size} />
          <Muted>
            {counted(size.hits, 'read')} answered from it, {counted(size.misses, 'read')} asked of a service, since this gateway started.
          </Muted>
        </>
      )}
    </Section>
  );
}
