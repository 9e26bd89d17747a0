/** Server-Sent Events as the live stream's tests read them through the gateway. */

export interface SseEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/**
 * Reads Server-Sent Events from a fetch response until `until` says stop; `ended` tells whether the server closed
 * the stream (or cut the connection). Throws, naming what was read, when `timeoutMs` runs out first.
 */
export async function readEvents(
  response: Response,
  until: (events: SseEvent[]) => boolean,
  timeoutMs = 15_000,
): Promise<{ events: SseEvent[]; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let ended = false;
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`stream: timed out after ${events.length} events: ${JSON.stringify(events.map((e) => [e.event, e.id]))}`);
      let timer: NodeJS.Timeout | undefined;
      const next = await Promise.race([reader.read(), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)))]);
      clearTimeout(timer);
      if (next === null) continue;
      if (next.done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(next.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = block.split('\n').filter((line) => !line.startsWith(':'));
        const value = (name: string) => fields.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1) ?? null;
        const data = value('data');
        if (data !== null) events.push({ event: value('event') ?? 'message', id: value('id'), data: JSON.parse(data) as unknown });
      }
    }
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    ended = true; // the connection was cut
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { events, ended };
}
