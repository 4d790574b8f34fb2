import zlib from "node:zlib";

/**
 * The page cache's compression, bounded (decision 047). Each cached page is compressed once at the
 * highest levels (gzip 9, brotli 11) off the main thread, and a flood of new addresses must not turn
 * that into an unbounded queue: every queued job holds its page's bytes until its turn, and the gzip
 * of a page asked again would wait behind the brotli of thousands never asked again.
 *
 * So each encoding has one worker (one thread of libuv's pool each, leaving the rest to the
 * response compression and the file system), running one job at a time, and two short queues:
 * `urgent` (a page asked again: it will be served from these bytes) before `later` (a page asked
 * once). A queue that is full drops its oldest job, which resolves to undefined: a flood's work is
 * dropped, not stacked, and the newest pages, the likeliest to be asked again, are the ones kept.
 * At most `2 × (1 + 2 × queueLength)` pages' bytes are held here at any time.
 */

export type CompressedEncoding = "gzip" | "br";
export type Compressor = ReturnType<typeof createCompressor>;

type Job = { input: Buffer; done: (output: Buffer | undefined) => void };

function compressOnce(encoding: CompressedEncoding, input: Buffer, gzipLevel: number, brotliQuality: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const callback = (error: Error | null, output: Buffer) => (error ? reject(error) : resolve(output));
    if (encoding === "gzip") zlib.gzip(input, { level: gzipLevel }, callback);
    else
      zlib.brotliCompress(
        input,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
            // A window no larger than the page: the same output, a fraction of level 11's memory.
            [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
              zlib.constants.BROTLI_MAX_WINDOW_BITS,
              Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(input.byteLength + 1))),
            ),
          },
        },
        callback,
      );
  });
}

type Options = { queueLength: number; gzipLevel: number; brotliQuality: number };

/** One encoding's worker: one job at a time, urgent first, each queue at most `queueLength` long. */
function createWorker(encoding: CompressedEncoding, { queueLength, gzipLevel, brotliQuality }: Options) {
  const urgent: Job[] = [];
  const later: Job[] = [];
  let busy = false;
  let dropped = 0;
  const next = () => {
    const job = urgent.shift() ?? later.shift();
    busy = job !== undefined;
    if (!job) return;
    compressOnce(encoding, job.input, gzipLevel, brotliQuality)
      .catch((error: unknown) => {
        console.error(`Could not compress a page (${encoding}):`, error);
        return undefined;
      })
      .then((output) => {
        job.done(output);
        next();
      });
  };
  return {
    add(input: Buffer, priority: "urgent" | "later") {
      return new Promise<Buffer | undefined>((done) => {
        const queue = priority === "urgent" ? urgent : later;
        queue.push({ input, done });
        if (queue.length > queueLength) {
          dropped++;
          queue.shift()!.done(undefined);
        }
        if (!busy) next();
      });
    },
    state: () => ({ running: busy ? 1 : 0, queued: urgent.length + later.length, dropped }),
  };
}

export function createCompressor({ queueLength = 4, gzipLevel = 9, brotliQuality = 11 }: Partial<Options> = {}) {
  const options = { queueLength, gzipLevel, brotliQuality };
  const workers = { gzip: createWorker("gzip", options), br: createWorker("br", options) };
  return {
    /** `input` compressed, or undefined when the job was dropped (its queue filled up) or failed. */
    compress(encoding: CompressedEncoding, input: Buffer, priority: "urgent" | "later") {
      return workers[encoding].add(input, priority);
    },
    /** Jobs running and queued, and how many were dropped so far, per encoding (for tests). */
    state() {
      return { gzip: workers.gzip.state(), br: workers.br.state() };
    },
  };
}
