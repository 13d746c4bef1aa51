import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  installGlobals,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { credentialsAreLive } from "./app/auth/current-user.server";
import { answerOnce, idempotencyKeyOf, requestFingerprint } from "./app/idempotency/answer-once.server";
import { prepareDatabase } from "./app/startup/prepare-database.server";
import { sweepIdempotencyKeys } from "./app/models/idempotency-key.server";
import { FOLD_EVERY_MS, foldKeptCounts } from "./app/models/kept-counts.server";
import { repeatInBackground } from "./app/db/background-task";
import { sendDueReminders, smtpMailer } from "./app/models/reminder.server";
import { logClientGone } from "./app/http/client-gone.server";
import {
  databaseIsDown,
  databaseSilence,
  lastingDatabaseTrouble,
  reportDatabaseError,
} from "./app/db/db-availability.server";
import { isDatabaseUnreachable } from "./app/db/db-errors";
import type { RequestScope } from "./app/db/db-scope.server";
import { closeDatabase } from "./app/db/db.server";
import { env, EnvError } from "./app/utils/env.server";
import { isRefusal } from "./app/utils/errors";
import { describeError, logLine } from "./app/utils/log-line";
import { hasSessionCookie } from "./app/http/session-cookie.server";
import type { RequestContext } from "./app/http/request-info.server";
import { bearerToken } from "./app/utils/tokens.server";
import { newNonce } from "./app/http/nonce-pool.server";
import { writeBody } from "./app/http/write-body.server";
import { BODY_MEMORY_BUDGET, bodyLimitOf, PAGE_BODY_LIMIT } from "./app/http/body-limits";
import {
  HEADERS_TIMEOUT_MS,
  HEALTH_CHECK_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_CLIENT_CONNECTIONS,
  REQUEST_DEADLINE_MS,
  REQUEST_RECEIVE_TIMEOUT_MS,
  RETRY_AFTER_SECONDS,
} from "./app/db/wait-limits";
import { unappliedPatchMessage } from "./scripts/dependency-patches.mjs";

// The app counts on the dependency patches (README "Dependencies"); an install made with --ignore-scripts has
// none of them, so it does not start on one.
const unpatched = unappliedPatchMessage();
if (unpatched) {
  console.error(unpatched);
  process.exit(1);
}

installGlobals({ nativeFetch: true });

// postgres.js reads the array types on every new connection in a promise nothing awaits (connection.js,
// fetchArrayTypes). Behind pgbouncer a connection is accepted before PostgreSQL is reached, so when PostgreSQL
// is down that read is what fails (docs/scaling.md "pgbouncer"). Such a failure is the outage, answered 503
// until the database is back; any other unhandled rejection still ends the process, as Node's default does.
process.on("unhandledRejection", (error) => {
  if (!isDatabaseUnreachable(error)) throw error;
  reportDatabaseError(error);
});

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
// Behind a load balancer, TRUST_PROXY makes req.ip the client's address (README "Configuration").
if (config.trustProxy !== null) app.set("trust proxy", config.trustProxy);

app.use(securityHeaders);
app.use(drainUnreadBodies);
// Every text answer compressed (gzip or brotli, as the client accepts); pages stream through it.
app.use(compression());

// 200 while the database answers within a second and has shown no lasting trouble (out of disk space,
// read-only ...) in the last minute; else 503 with the problem (docs/scaling.md "Health").
app.get("/healthz", async (_req, res) => {
  const problem = !ready
    ? "starting"
    : databaseIsDown()
      ? "database unreachable"
      : ((await databaseSilence(HEALTH_CHECK_TIMEOUT_MS)) ?? lastingDatabaseTrouble());
  if (problem === null) res.json({ status: "ok" });
  else
    res
      .status(503)
      .setHeader("Retry-After", String(RETRY_AFTER_SECONDS))
      .json({ status: "unavailable", problem });
});

app.use(rejectCrossSiteWrites);
app.use(limitPageBodies);

// Assets: the build's fingerprinted files, and the few files of public/ by their exact names (no disk
// lookup for every other request).
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", fallthrough: false }));
for (const name of fs.readdirSync("public")) {
  const file = path.resolve("public", name);
  if (fs.statSync(file).isFile()) app.get(`/${name}`, (_req, res) => res.sendFile(file, { maxAge: "1h" }));
}

app.use(answerWhileDatabaseDown);
app.use(receiveBodies);
// Remix matches a request against every route several times over; the JSON API and the pages are two
// separate route trees, so each request is matched only against its own (docs/scaling.md "Where a page's
// time goes").
const isApiRoute = (id: string) => id.startsWith("routes/api.");
app.all(["/api", "/api/*"], remixHandler(withRoutes(build, (id) => id === "root" || isApiRoute(id))));
app.all("*", remixHandler(withRoutes(build, (id) => !isApiRoute(id))));

// Last: errors raised before a route (e.g. a path with broken %-encoding) answer JSON, never a stack trace.
app.use(answerErrors);

// The server listens at once and answers 503 until the database is prepared: PostgreSQL may still be
// starting (docs/scaling.md "When PostgreSQL goes away").
let ready = false;
// Background upkeep, once the database is prepared (stopped on shutdown).
let background: (() => void)[] = [];
const server = app.listen(config.port);
// A client that trickles its headers or body holds a connection and its buffers no longer than these; an
// idle kept-alive connection is closed after a load balancer's usual 60 s, not before (a balancer reusing a
// connection the app has just closed would cut its client off).
server.headersTimeout = HEADERS_TIMEOUT_MS;
server.requestTimeout = REQUEST_RECEIVE_TIMEOUT_MS;
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.maxConnections = MAX_CLIENT_CONNECTIONS;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    for (const stop of background) stop();
    closeDatabase().finally(() => process.exit(0));
  });
}

// Requests are answered while this waits, so whatever the middleware reads at module level must be declared
// above this line or imported: a `let` further down is not yet initialised then (a nonce pool down there made
// every answer a 500 while the database was unreachable).
const { database, admin, demo } = await prepareWhenReachable();
background = [
  // The kept counts' deltas (docs/decisions/021-kept-count-deltas.md).
  repeatInBackground("Folding the kept counts", FOLD_EVERY_MS, foldKeptCounts),
  // Idempotency-Keys past their 24 hours (docs/decisions/024-idempotency-keys.md).
  repeatInBackground("Sweeping expired Idempotency-Keys", 60 * 60_000, sweepIdempotencyKeys),
];
// E-mail reminders of follow-ups, when an SMTP server is configured (docs/decisions/028-my-day-and-reminders.md).
if (config.smtp) {
  const mailer = smtpMailer(config.smtp.url, config.smtp.from);
  background.push(
    repeatInBackground("Sending reminders", config.smtp.everyMs, () => sendDueReminders(mailer)),
  );
}
{
  const url = `http://localhost:${config.port}`;
  const lines = [`CRM listening on ${url} (${database.embedded ? "embedded PostgreSQL" : "PostgreSQL"})`];
  if (admin) {
    lines.push(
      `First admin created: sign in at ${url} as ${admin.email}` +
        (admin.generated
          ? ` with password ${admin.password} (shown once; set ADMIN_PASSWORD to choose it)`
          : ""),
    );
  }
  if (demo) lines.push(`Demo data added. Sales users: ${demo.users.join(", ")} (password: ${demo.password})`);
  // One write: whoever waits for "CRM listening" (a script, the tests) reads the lines after it in the same chunk.
  console.log(lines.join("\n"));
  ready = true;
}

/** prepareDatabase, tried again every second while the database cannot be reached; any other failure stops. */
async function prepareWhenReachable() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepareDatabase();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) {
        console.error(logLine`The database could not be prepared: ${(error as Error).message}`);
        process.exit(1);
      }
      if (attempt === 1) console.warn("The database is unreachable: trying again every second...");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Until the database is prepared, and while it is unreachable, every request is answered 503 at once. */
function answerWhileDatabaseDown(req: Request, res: Response, next: NextFunction) {
  if (ready && !databaseIsDown()) return next();
  answerUnavailable(req, res);
}

/** 503 with Retry-After: JSON for the API and a page's data, a short page for a browser. */
function answerUnavailable(req: Request, res: Response) {
  res.status(503).setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  if (req.path.startsWith("/api/") || req.path.endsWith(".data") || "_data" in req.query) {
    res.json({ message: "Service unavailable" });
    return;
  }
  res
    .type("html")
    .send(
      '<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
        '<title>CRM unavailable</title><main style="font-family:system-ui,sans-serif;max-width:28rem;margin:20vh auto;padding:1rem;text-align:center">' +
        "<h1>The CRM is unavailable for a moment</h1><p>Please try again shortly.</p></main></html>",
    );
}

/**
 * The build with only the routes `keep` keeps, on the server and in the manifest its pages give the browser
 * (the pages never route to the API in the browser: they reach it with plain links, forms and fetch).
 */
function withRoutes(serverBuild: ServerBuild, keep: (id: string) => boolean): ServerBuild {
  const only = <T>(routes: Record<string, T>) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => keep(id)));
  return {
    ...serverBuild,
    routes: only(serverBuild.routes),
    assets: { ...serverBuild.assets, routes: only(serverBuild.assets.routes) },
  };
}

/**
 * Remix's request handler, its answer written by writeBody (backpressure, a client gone cancels it). Each
 * request gets its scope (db/db-scope.server.ts), aborted when the client goes away or when no answer has
 * started within REQUEST_DEADLINE_MS: that request is answered 503 with Retry-After then, and its statements
 * are cancelled. A write with an Idempotency-Key runs once per key (idempotency/answer-once.server.ts).
 */
function remixHandler(serverBuild: ServerBuild) {
  const handle = createRequestHandler(serverBuild, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    const controller = new AbortController();
    let request: globalThis.Request;
    try {
      request = fetchRequest(req, res, controller);
    } catch {
      // A Host header no URL can be made of ("x:99999", "[::1"): the request itself is bad.
      res.status(400).json({ message: "Bad request" });
      return;
    }
    const body = res.locals.body as Buffer | undefined;
    const key = idempotencyKeyOf(
      { method: req.method, path: req.path, header: (name) => req.get(name) },
      body,
    );
    if (key !== null && typeof key === "object") {
      res.status(400).json({ message: "Invalid input", errors: { "Idempotency-Key": [key.invalid] } });
      return;
    }
    const scope: RequestScope = { signal: controller.signal };
    const context: RequestContext = {
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? "",
      documentData: req.path.endsWith(".data") ? null : new Map(),
      scope,
    };
    const deadline = setTimeout(() => {
      if (!res.headersSent) answerUnavailable(req, res);
      controller.abort(new Error(`No answer within ${REQUEST_DEADLINE_MS} ms`));
    }, REQUEST_DEADLINE_MS);
    try {
      const answer = () => handle(request, context);
      const response = key
        ? await answerOnce(
            key,
            requestFingerprint(req.method, req.originalUrl, body),
            request,
            context,
            answer,
          )
        : await answer();
      clearTimeout(deadline);
      if (res.headersSent) {
        // Answered 503 at the deadline already: this late answer goes nowhere.
        await response.body?.cancel();
        return;
      }
      // A page whose loader met the database going away or unable to serve: it is not the page's fault (503,
      // try again), even when the database came back while the page was being answered.
      const unavailable =
        response.status === 500 && (databaseIsDown() || context.databaseUnavailable === true);
      if (unavailable) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      else res.statusMessage = response.statusText;
      res.status(unavailable ? 503 : response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (!response.body || req.method === "HEAD") {
        // A HEAD answer has no body: a streamed one (a list, an export) is not read at all.
        await response.body?.cancel();
        res.end();
        return;
      }
      if (!(await writeBody(response.body, res))) logClientGone(req.method, req.path);
    } catch (error) {
      clearTimeout(deadline);
      if (res.destroyed) {
        logClientGone(req.method, req.path);
        return;
      }
      // A body that failed on its way out (a stream whose user lost access): the client sees it cut off.
      if (res.headersSent) {
        if (!isRefusal(error) && !reportDatabaseError(error)) {
          console.error(logLine`Answer cut off ${req.method} ${req.path}: ` + describeError(error));
        }
        res.destroy();
        return;
      }
      // The key's own transaction could not reach the database, or commit.
      if (reportDatabaseError(error)) return answerUnavailable(req, res);
      next(error);
    }
  };
}

/**
 * The Fetch API request Remix reads; `controller` aborts it if the client goes away before the answer is
 * out.
 */
function fetchRequest(req: Request, res: Response, controller: AbortController): globalThis.Request {
  res.on("close", () => {
    if (!res.writableFinished) controller.abort(new Error("The client went away"));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, item);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const received = res.locals.body as Buffer | undefined;
  return new globalThis.Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: received ?? createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Bytes of request bodies held in memory right now (receiveBodies), within BODY_MEMORY_BUDGET. */
let bodyBytesHeld = 0;

/**
 * A write that carries a session or a token is received whole before the app looks the user up, so it acts
 * as the user stands once the body is in: a client holding its body back cannot then act for someone
 * deactivated, demoted, moved out of a division or signed out meanwhile (docs/security.md). Its credentials
 * are checked first, without reading the body: a write whose cookie is not correctly signed, or whose session
 * or token does not let it in, is not given memory for its body; the route answers it 401 unread, at once.
 * All bodies held at once stay within BODY_MEMORY_BUDGET; past it a write is answered 503 (try again).
 * No more is read than the route's limit and a byte: the app answers 413 when it reads that body, after its
 * sign-in check (CONTRACT.md's order), and the rest is discarded once the answer is out (drainUnreadBodies).
 */
async function receiveBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitOf(req.path);
  const declared = Number(req.get("content-length") ?? limit);
  if (declared > limit) return next();
  const credentials = hasSessionCookie(req.get("cookie")) || bearerToken(req.get("authorization")) !== null;
  try {
    if (!credentials || !(await credentialsAreLive(req.get("cookie"), req.get("authorization"))))
      return next();
  } catch (error) {
    if (reportDatabaseError(error)) return answerUnavailable(req, res);
    return next(error);
  }
  const reserved = Math.min(declared, limit) + 1;
  if (bodyBytesHeld + reserved > BODY_MEMORY_BUDGET) return answerUnavailable(req, res);
  bodyBytesHeld += reserved;
  res.once("close", () => (bodyBytesHeld -= reserved));
  const chunks: Buffer[] = [];
  let size = 0;
  const received = () => {
    req.off("data", take).off("end", received);
    req.pause();
    res.locals.body = Buffer.concat(chunks, size);
    next();
  };
  const take = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size > limit) received();
  };
  req.on("data", take).on("end", received);
}

/** CSP with a per-request nonce for Remix's scripts, and the other headers every answer carries. */
function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = newNonce();
  res.locals.cspNonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
  if (config.production) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  next();
}

/**
 * Cross-site request forgery: an unsafe method from another origin is refused before it reaches a route.
 * A request whose credential is an API token, with no session cookie, is exempt: a browser adds cookies to
 * a forged request by itself, but another site's page cannot make it send an Authorization header without
 * a CORS preflight, which this app never grants (docs/security.md "API tokens").
 */
function rejectCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  if (bearerToken(req.get("authorization")) && !hasSessionCookie(req.get("cookie"))) return next();
  const origin = req.get("origin");
  // Hosts, not whole origins: behind a proxy that ends TLS the app may see http while the browser says https.
  if ((origin && originHost(origin) !== req.get("host")) || req.get("sec-fetch-site") === "cross-site") {
    res.status(403).json({ message: "Forbidden" });
    return;
  }
  next();
}

/**
 * An answer given before the request body was read to its end (401, 403, 413, 415 ...) must not leave the
 * rest unread: the connection would stall until the keep-alive timeout resets it, and a client that sends
 * its whole body before reading the answer (fetch) would never see the answer. Remix's body stream may have
 * started reading and paused; once the answer is out, the rest is discarded, as Node does for untouched
 * bodies (an endless body is still cut off by the server's request timeout).
 */
function drainUnreadBodies(req: Request, res: Response, next: NextFunction) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
  });
  next();
}

/** Express's own error page shows the stack outside production: answer a short JSON message instead. */
function answerErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message = status === 413 ? "Payload too large" : status === 404 ? "Not found" : "Bad request";
    res.status(status).json({ message });
    return;
  }
  console.error(logLine`Unhandled error ${req.method} ${req.path}: ` + describeError(error));
  res.status(500).json({ message: "Internal server error" });
}

function originHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" or garbage: not this site
  }
}

/**
 * Page forms are small; refuse big bodies before Remix buffers them. /api routes stream-check their own
 * limits after authentication, so their answers keep CONTRACT.md's order (401 before 413).
 */
function limitPageBodies(req: Request, res: Response, next: NextFunction) {
  if (req.path.startsWith("/api/")) return next();
  // Browsers always say how long a form is; a chunked body of unknown size is not read at all.
  if (req.get("transfer-encoding") && !req.get("content-length")) {
    res.status(411).json({ message: "Length required" });
    return;
  }
  if (Number(req.get("content-length") ?? 0) > PAGE_BODY_LIMIT) {
    res.status(413).json({ message: "Payload too large" });
    return;
  }
  next();
}
