// A deadline for a dependency's answer that a busy process does not misread. When the event loop
// was held up past the deadline (a long decode, CPU starved), timers fire before the sockets are
// read, so an answer that came in time would be declared late: the expiry is therefore checked
// once more after the sockets have been read (setImmediate runs after the poll phase), and an
// answer found there wins.

/** `work`, or a rejection with `message` once `ms` have passed without its answer. */
export function within<T>(work: Promise<T>, ms: number, message = `no answer within ${ms} ms`): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let check: NodeJS.Immediate | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        check = setImmediate(() => reject(Object.assign(new Error(message), { code: 'ETIMEOUT' })));
      }, ms);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    clearImmediate(check);
  });
}

/**
 * How long a client library's own timeout is set to when `within` keeps the deadline: long enough
 * that a held-up event loop does not fire it before `within` has looked at the sockets, short
 * enough that a request nobody will answer is let go.
 */
export function backstopMs(deadlineMs: number): number {
  return 2 * deadlineMs + 5000;
}
