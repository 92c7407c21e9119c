import type express from "express";

// A streamed answer's body, written to Express in bursts. React writes a page as many small chunks at
// once (a few kilobytes each); written and flushed one by one, each cost compression a flush and the
// socket a system call, about thirty a page. The chunks already made are now sent as one write and one
// flush; a chunk that comes later (a streamed part of the page) is sent as soon as it comes.

/** Bytes after which a burst is sent without waiting for more: a producer that never pauses is sent in pieces. */
export const BURST_BYTES = 128 * 1024;

const BURST_END = Symbol("burst end");

/** Resolves once the chunks already made have been taken: after the reads waiting on microtasks. */
const burstEnd = () => new Promise<typeof BURST_END>((resolve) => setImmediate(resolve, BURST_END));

/**
 * Writes `body` to `res` and ends it, waiting while the client is behind. One "drain" listener serves the
 * whole answer: compression hands "drain" listeners to its gzip stream but takes them off only the
 * response, so a listener per wait (as @react-router/node adds) piles up on the gzip stream for the
 * length of a large download. A client that goes away stops the reading.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response): Promise<void> {
  let wake: (() => void) | undefined;
  const resume = () => wake?.();
  res.on("drain", resume);
  res.on("close", resume);
  const reader = body.getReader();
  let next = reader.read();
  let finished = false;
  try {
    for (let first = await next; !first.done; first = await next) {
      const burst = [first.value];
      let bytes = first.value.byteLength;
      const ended = burstEnd();
      while (bytes < BURST_BYTES) {
        next = reader.read();
        const more = await Promise.race([next, ended]);
        if (more === BURST_END || more.done) break;
        burst.push(more.value);
        bytes += more.value.byteLength;
      }
      if (bytes >= BURST_BYTES) next = reader.read();
      if (res.destroyed) return;
      const room = res.write(burst.length === 1 ? burst[0] : Buffer.concat(burst, bytes));
      (res as { flush?: () => void }).flush?.();
      if (!room && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    finished = true;
    res.end();
  } finally {
    res.off("drain", resume);
    res.off("close", resume);
    // Stops the producer (React's render) when the client went away or a write failed.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
