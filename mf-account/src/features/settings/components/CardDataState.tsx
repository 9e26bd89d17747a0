import { Button } from '@matchday/ui';
import { errorDetail, LoadingBlock, Row } from '@matchday/ui/unshared';
import { Muted } from '../../../lib/layout';

/** What a card shows before its data is there: a placeholder, or the failure with Retry. */
export function CardDataState({ error, loading, onRetry }: { error: unknown; loading: string; onRetry(): void }) {
  if (!error) return <LoadingBlock heights={['2.75rem', '2.75rem', '2.75rem']} label={loading} />;
  const message = error instanceof Error ? error.message : String(error);
  const detail = errorDetail(error);
  return (
    <Row $wrap $justify="space-between" role="alert">
      <Muted>
        {message}
        {detail && detail !== message && <small> ({detail})</small>}
      </Muted>
      <Button type="button" $variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Row>
  );
}
