import type { Sql, Tx } from "./db.server";

/**
 * What a request lends the statements it runs (docs/decisions/023-bounded-requests.md).
 * - `signal` aborts when the client goes away or the request's time is up (server.ts): every statement the
 *   request has sent or queued is cancelled, a statement it has not sent yet fails at once, and a transaction
 *   it opened rolls back instead of committing for a client that has given up.
 * - `tx` is the request's own transaction when it carries an Idempotency-Key (utils/idempotency.server.ts):
 *   every statement of the request runs in it, and a model's own transaction becomes a savepoint, so the key
 *   is stored with the write it guards, or neither is.
 * - `wrote` is set once one of the request's transactions has committed (or released its savepoint).
 * - `answerHoldsSecret` is set by a model whose result holds a secret shown once (a new API token): such an
 *   answer is never stored to be given again.
 */
export type RequestScope = { signal: AbortSignal; tx?: Tx; wrote?: boolean; answerHoldsSecret?: boolean };

/** Thrown into a transaction, or a statement, whose request was aborted before it could commit or be sent. */
export class RequestAborted extends Error {
  constructor() {
    super("The request was aborted");
    this.name = "RequestAborted";
  }
}

type Query = Promise<unknown> & {
  executed?: boolean;
  state?: unknown;
  handle?: () => unknown;
  cancel?: () => unknown;
  reject?: (error: unknown) => void;
};

const SCOPE = Symbol("request scope");

/** The scope `sql` was made for by scopedSql, if any (heavyWhen and the stream gate read its signal). */
export function scopeOf(sql: Sql | Tx): RequestScope | undefined {
  return (sql as unknown as { [SCOPE]?: RequestScope })[SCOPE];
}

/**
 * `sql` (the pool, or the request's transaction) bound to a request's scope. It is the same postgres.js
 * instance to its callers: tagged templates, `unsafe`, `begin` and every helper behave as they do on `sql`.
 */
export function scopedSql(sql: Sql | Tx, scope: RequestScope, { cancelSent = true } = {}): Sql {
  const track = <T>(result: T): T => {
    if (result instanceof Promise) watch(result as Query, scope.signal, cancelSent);
    return result;
  };
  return new Proxy(sql, {
    apply: (target, self, args) => track(Reflect.apply(target as (...a: unknown[]) => unknown, self, args)),
    get(target, property, receiver) {
      if (property === SCOPE) return scope;
      if (property === "unsafe") {
        return (...args: Parameters<Sql["unsafe"]>) => track(target.unsafe(...args));
      }
      if (property === "begin") return (...args: unknown[]) => begin(target, scope, args);
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as Sql;
}

/**
 * Binds `query` to the signal. postgres.js runs a query on its first `then`, through `handle`; a fragment is
 * never run, and is left alone.
 * - Run once the request is aborted, it fails at once, without reaching the database.
 * - Sent before, it is cancelled when the signal aborts (PostgreSQL stops it, or it is not started when it
 *   waits in a connection's pipeline), unless `cancelSent` is false (the embedded database).
 * - Not sent yet (waiting for a connection) when the signal aborts, it is left to run: postgres.js 3.4 loses
 *   track of a connection when a query cancelled before it was sent reaches it (its `execute` answers "full",
 *   and a transaction's next statements then wait forever). A write among those still never commits: the
 *   request's transaction checks the signal before its commit (`begin`).
 */
function watch(query: Query, signal: AbortSignal, cancelSent: boolean) {
  const handle = query.handle;
  if (!handle) return;
  query.handle = function (this: Query) {
    if (this.executed) return handle.call(this);
    if (signal.aborted) {
      this.executed = true;
      this.reject?.(new RequestAborted());
      return;
    }
    if (!cancelSent) return handle.call(this);
    const cancel = () => {
      if (this.state) void Promise.resolve(this.cancel?.()).catch(() => {});
    };
    signal.addEventListener("abort", cancel, { once: true });
    const settled = () => signal.removeEventListener("abort", cancel);
    Promise.prototype.then.call(this, settled, settled);
    return handle.call(this);
  };
}

/**
 * `sql.begin(fn)` (or `sql.begin(options, fn)`) for a scoped request: the transaction's statements are
 * scoped too; it rolls back if the request was aborted by the time `fn` is done. Inside the request's own
 * transaction it is a savepoint, which a refusal rolls back alone (a page action that turns the refusal into
 * a failure toast still answers, and must not commit half of the failed change).
 */
async function begin(sql: Sql | Tx, scope: RequestScope, args: unknown[]) {
  const work = args[args.length - 1] as (tx: Sql) => Promise<unknown>;
  const run = async (tx: Tx) => {
    const result = await work(scopedSql(tx, scope));
    if (scope.signal.aborted) throw new RequestAborted();
    return result;
  };
  const result = scope.tx ? await savepoint(scope.tx, run) : await beginOn(sql as Sql, args, run);
  scope.wrote = true;
  return result;
}

function beginOn(sql: Sql, args: unknown[], run: (tx: Tx) => Promise<unknown>) {
  return args.length > 1
    ? sql.begin(args[0] as string, run as (tx: Tx) => Promise<unknown>)
    : sql.begin(run as (tx: Tx) => Promise<unknown>);
}

let savepoints = 0;

/** `work` between a savepoint and its release; rolled back to the savepoint if it throws. */
async function savepoint(tx: Tx, work: (tx: Tx) => Promise<unknown>) {
  const name = `request_${++savepoints}`;
  await tx.unsafe(`savepoint ${name}`);
  try {
    const result = await work(tx);
    await tx.unsafe(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await tx.unsafe(`rollback to savepoint ${name}`).catch(() => {});
    throw error;
  }
}
