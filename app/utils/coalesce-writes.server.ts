import { Transform } from "node:stream";

/**
 * A pass-through that hands on what was written to it once per turn of the event loop, as one chunk. React
 * writes a page in pieces of about 2 KB, and each piece crossed the Web stream Remix answers with and then a
 * socket write of its own: a tenth of the /leads page's CPU (docs/scaling.md "Where a page's time goes").
 * A page that streams later parts (a deferred loader) still sends each part as soon as it is rendered.
 */
export function coalesceWrites() {
  let pending: Buffer[] = [];
  let timer: NodeJS.Immediate | null = null;
  const handOn = () => {
    timer = null;
    if (pending.length) stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      timer ??= setImmediate(handOn);
      done();
    },
    flush(done) {
      if (timer) clearImmediate(timer);
      handOn();
      done();
    },
    destroy(error, done) {
      if (timer) clearImmediate(timer);
      pending = [];
      done(error);
    },
  });
  return stream;
}
