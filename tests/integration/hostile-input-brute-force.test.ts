// Sign-in brute force (issue "Hostile-input tests"): the per-username limit holds whatever the address, and
// unknown, known and deactivated usernames are answered alike. The test app trusts X-Forwarded-For from its
// loopback proxy (TRUST_PROXY=loopback), so the per-address limit follows the forwarded address; what must
// hold is that changing addresses does not escape the per-username limit. Every failure comes from an address
// of its own (never the shared 127.0.0.1).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_REFUSED, TOO_MANY_SIGN_INS, expectRetryAfter } from "../support/answers";
import {
  ApiClient,
  attemptSignIn,
  createUser,
  deactivateUser,
  sessionSetCookie,
  signInAdmin,
  uniqueAddress,
  uniqueEmail,
} from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";

let admin: ApiClient;

describe("sign-in brute force", () => {
  beforeAll(async () => {
    admin = await signInAdmin();
  });

  it("spoofed and rotating X-Forwarded-For addresses do not reset one username's count: 429 with Retry-After", async () => {
    const user = await createUser(admin);
    const spoofs = [
      () => uniqueAddress(),
      () => `203.0.113.7, ${uniqueAddress()}`,
      () => `${uniqueAddress()}, 127.0.0.1`,
      () => `198.51.100.${crypto.randomInt(255)}, 10.0.0.1, ${uniqueAddress()}`,
    ];
    const names = [user.email, user.email.toUpperCase(), `  ${user.email}  `, `\t${user.email}`];
    for (let i = 0; i < 10; i++) {
      const result = await attemptSignIn(
        { username: names[i % names.length], password: `wrong-${i}` },
        spoofs[i % spoofs.length](),
      );
      expect(result.status, `failure ${i + 1}`).toBe(401);
      expect(result.body).toEqual(SIGN_IN_REFUSED);
    }
    for (const spoof of spoofs) {
      for (const password of ["wrong-again", user.password]) {
        const result = await attemptSignIn({ username: user.email, password }, spoof());
        expect(result.status).toBe(429);
        expect(result.body).toEqual(TOO_MANY_SIGN_INS);
        expectRetryAfter(result.headers);
        expect(sessionSetCookie(result.headers)).toBeNull();
      }
    }
    // Other request headers that name an address change nothing either.
    const other = await new ApiClient().request("POST", "/api/auth/login", {
      json: { username: user.email, password: user.password },
      headers: {
        "x-forwarded-for": uniqueAddress(),
        "x-real-ip": "192.0.2.1",
        forwarded: "for=192.0.2.2",
        "client-ip": "192.0.2.3",
      },
    });
    expect(other.status).toBe(429);
    if (databaseUrl()) {
      const [{ count }] = await testSql()`
        select count(*)::int as count from login_attempts where username = ${user.email}`;
      expect(count).toBe(10);
    }
  });

  it("unknown, known and deactivated usernames get the same answer in about the same time", async () => {
    const known = await createUser(admin);
    const inactive = await createUser(admin);
    await deactivateUser(admin, inactive.id);
    const timed = async (credentials: { username: string; password: string }) => {
      const started = performance.now();
      const result = await attemptSignIn(credentials);
      return { ...result, ms: performance.now() - started };
    };
    const tries = {
      known: () => timed({ username: known.email, password: "wrong-password-1" }),
      unknown: () => timed({ username: uniqueEmail("nobody"), password: "wrong-password-1" }),
      inactive: () => timed({ username: inactive.email, password: inactive.password }),
    };
    // One warm-up each, then five interleaved tries each (six failures per name: under the limit of ten).
    for (const attempt of Object.values(tries)) await attempt();
    const times: Record<keyof typeof tries, number[]> = { known: [], unknown: [], inactive: [] };
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const [kind, attempt] of Object.entries(tries) as [
        keyof typeof tries,
        () => ReturnType<typeof timed>,
      ][]) {
        const result = await attempt();
        expect(result.status, kind).toBe(401);
        expect(result.body, kind).toEqual(SIGN_IN_REFUSED);
        expect(sessionSetCookie(result.headers), kind).toBeNull();
        answers.add(JSON.stringify([result.status, result.body, result.headers.get("content-type")]));
        times[kind].push(result.ms);
      }
    }
    expect(answers.size).toBe(1);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const knownMedian = median(times.known);
    for (const kind of ["unknown", "inactive"] as const) {
      const ratio = median(times[kind]) / knownMedian;
      expect(
        ratio,
        `${kind} median ${median(times[kind]).toFixed(1)} ms vs known ${knownMedian.toFixed(1)} ms`,
      ).toBeGreaterThan(0.5);
      expect(
        ratio,
        `${kind} median ${median(times[kind]).toFixed(1)} ms vs known ${knownMedian.toFixed(1)} ms`,
      ).toBeLessThan(2);
    }
  });
});
