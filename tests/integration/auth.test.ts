// CONTRACT.md "Signing in": POST /api/auth/login, GET /api/auth/user, /api/logout, /api/login,
// /api/admin/login, and the JSON 404 of unknown /api paths.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ISO_UTC,
  SIGN_IN_REFUSED,
  TOO_MANY_SIGN_INS,
  UNAUTHORIZED,
  expectRetryAfter,
} from "../support/answers";
import {
  ApiClient,
  attemptSignIn,
  createUser,
  sessionSetCookie,
  signIn,
  signInAdmin,
  signedInUser,
  uniqueAddress,
  uniqueEmail,
  USER_KEYS,
  deactivateUser,
} from "../support/api-client";

const BLANK = { message: "Please enter both username and password" };

let admin: ApiClient;
beforeAll(async () => {
  admin = await signInAdmin();
});

/** The attributes of a Set-Cookie header, lower-cased, without the name=value pair. */
function cookieAttributes(setCookie: string) {
  return setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe("POST /api/auth/login", () => {
  it("answers 200 with the User object and an HttpOnly, SameSite=Lax session cookie for Path=/", async () => {
    const user = await createUser(admin, {
      firstName: "Sally",
      lastName: "Seller",
      companies: ["TSS", "NLH"],
    });
    const result = await attemptSignIn({ username: user.email, password: user.password });

    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(USER_KEYS);
    expect(result.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Sally",
      lastName: "Seller",
      role: "SALES_USER",
      companyAccess: expect.arrayContaining([{ company: "TSS" }, { company: "NLH" }]),
      isActive: true,
      createdAt: expect.stringMatching(ISO_UTC),
      profileImageUrl: null,
      hasPassword: true,
    });
    expect(result.body.companyAccess).toHaveLength(2);
    expect(JSON.stringify(result.body)).not.toMatch(/passwordHash|argon2/i);

    const setCookie = sessionSetCookie(result.headers);
    expect(setCookie).not.toBeNull();
    expect(setCookie).toMatch(/^__session=[^;]+/);
    const attributes = cookieAttributes(setCookie!);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");

    const me = await result.client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toEqual(result.body);
  });

  it("compares the username case-insensitively and ignores surrounding spaces", async () => {
    const user = await createUser(admin);
    for (const username of [
      user.email.toUpperCase(),
      `  ${user.email}  `,
      `\t${user.email.toUpperCase()} `,
    ]) {
      const result = await attemptSignIn({ username, password: user.password });
      expect(result.status, username).toBe(200);
      expect(result.body.id).toBe(user.id);
      expect(sessionSetCookie(result.headers)).not.toBeNull();
    }
  });

  it.each([
    ["an empty username", { username: "", password: "password-123" }],
    ["an empty password", { username: "someone@test.example", password: "" }],
    ["a whitespace username", { username: "   ", password: "password-123" }],
    ["a whitespace password", { username: "someone@test.example", password: " \t " }],
    ["no username", { password: "password-123" }],
    ["no password", { username: "someone@test.example" }],
    ["neither field", {}],
  ])("answers 400 for %s", async (_case, credentials) => {
    const result = await attemptSignIn(credentials);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(BLANK);
    expect(sessionSetCookie(result.headers)).toBeNull();
  });

  it("answers 400 (not 401) when a real user's password is blank", async () => {
    const user = await createUser(admin);
    const result = await attemptSignIn({ username: user.email, password: "   " });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(BLANK);
  });

  it("answers the same 401 for a wrong password, an unknown user and a deactivated user", async () => {
    const user = await createUser(admin);
    const inactive = await createUser(admin);
    await deactivateUser(admin, inactive.id);

    const wrongPassword = await attemptSignIn({ username: user.email, password: "wrong-password-1" });
    const unknownUser = await attemptSignIn({ username: uniqueEmail("nobody"), password: "password-123" });
    const inactiveUser = await attemptSignIn({ username: inactive.email, password: inactive.password });

    for (const result of [wrongPassword, unknownUser, inactiveUser]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual(SIGN_IN_REFUSED);
      expect(sessionSetCookie(result.headers)).toBeNull();
    }
    // Nothing tells the three apart.
    expect(JSON.stringify(unknownUser.body)).toBe(JSON.stringify(wrongPassword.body));
    expect(JSON.stringify(inactiveUser.body)).toBe(JSON.stringify(wrongPassword.body));
  });

  it("answers 429 with Retry-After after 10 failures for one username, even for the right password", async () => {
    const user = await createUser(admin);
    // Failures from ten different addresses, in either case: the count is per username.
    for (let i = 0; i < 10; i++) {
      const username = i % 2 ? user.email.toUpperCase() : user.email;
      const result = await attemptSignIn({ username, password: `wrong-password-${i}` });
      expect(result.status, `failure ${i + 1}`).toBe(401);
      expect(result.body).toEqual(SIGN_IN_REFUSED);
    }

    const wrong = await attemptSignIn({ username: user.email, password: "wrong-password-x" });
    expect(wrong.status).toBe(429);
    expect(wrong.body).toEqual(TOO_MANY_SIGN_INS);
    expectRetryAfter(wrong.headers);

    const right = await attemptSignIn({ username: user.email, password: user.password });
    expect(right.status).toBe(429);
    expect(right.body).toEqual(TOO_MANY_SIGN_INS);
    expectRetryAfter(right.headers);
    expect(sessionSetCookie(right.headers)).toBeNull();

    // Another username is not affected.
    const other = await createUser(admin);
    const otherResult = await attemptSignIn({ username: other.email, password: other.password });
    expect(otherResult.status).toBe(200);
  });

  it("does not count a successful sign-in as a failure", async () => {
    const user = await createUser(admin);
    for (let i = 0; i < 9; i++) {
      const result = await attemptSignIn({ username: user.email, password: "wrong-password" });
      expect(result.status, `failure ${i + 1}`).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const result = await attemptSignIn({ username: user.email, password: user.password });
      expect(result.status, `success ${i + 1}`).toBe(200);
    }
    // Still only nine failures: the tenth is answered normally ...
    const tenth = await attemptSignIn({ username: user.email, password: "wrong-password" });
    expect(tenth.status).toBe(401);
    expect(tenth.body).toEqual(SIGN_IN_REFUSED);
    // ... and after it the limit applies.
    const eleventh = await attemptSignIn({ username: user.email, password: user.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY_SIGN_INS);
  });

  it("answers 429 after 100 failures from one address, for any username; successes do not count", async () => {
    const address = uniqueAddress();
    const user = await createUser(admin);

    // 99 failures, each for a username of its own (so the per-username limit never applies), eleven at a time.
    for (let batch = 0; batch < 99; batch += 11) {
      const results = await Promise.all(
        Array.from({ length: 11 }, () =>
          attemptSignIn({ username: uniqueEmail("spray"), password: "wrong-password" }, address),
        ),
      );
      for (const result of results) {
        expect(result.status).toBe(401);
        expect(result.body).toEqual(SIGN_IN_REFUSED);
      }
    }
    const success = await attemptSignIn({ username: user.email, password: user.password }, address);
    expect(success.status).toBe(200);

    const hundredth = await attemptSignIn({ username: uniqueEmail("spray"), password: "wrong" }, address);
    expect(hundredth.status).toBe(401);

    const blocked = await attemptSignIn({ username: user.email, password: user.password }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY_SIGN_INS);
    expectRetryAfter(blocked.headers);
    expect(sessionSetCookie(blocked.headers)).toBeNull();

    const unknown = await attemptSignIn({ username: uniqueEmail("fresh"), password: "wrong" }, address);
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(TOO_MANY_SIGN_INS);

    // The same user from another address is fine: the username itself has no failures.
    const elsewhere = await attemptSignIn({ username: user.email, password: user.password });
    expect(elsewhere.status).toBe(200);
  });

  it("issues a new session id at every sign-in, and each session works", async () => {
    const user = await createUser(admin);
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);
    expect(first.cookie).toMatch(/^__session=.+/);
    expect(second.cookie).toMatch(/^__session=.+/);
    expect(second.cookie).not.toBe(first.cookie);

    // Signing in again while holding a session also gives a new id (no session fixation).
    const again = new ApiClient(first.cookie);
    const before = again.cookie;
    const result = await again.post("/api/auth/login", { username: user.email, password: user.password });
    expect(result.status).toBe(200);
    expect(again.cookie).toMatch(/^__session=.+/);
    expect(again.cookie).not.toBe(before);
    expect(again.cookie).not.toBe(second.cookie);

    for (const client of [second, again]) {
      const me = await client.get("/api/auth/user");
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    }
  });
});

describe("GET /api/auth/user", () => {
  it("answers 200 with the signed-in user", async () => {
    const { user, client } = await signedInUser(admin, { companies: ["NLH"], firstName: "Nia" });
    const result = await client.get("/api/auth/user");
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(USER_KEYS);
    expect(result.body).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: "Nia",
      role: "SALES_USER",
      companyAccess: [{ company: "NLH" }],
      isActive: true,
      hasPassword: true,
    });
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers 401 Unauthorized without a session cookie", async () => {
    const result = await new ApiClient().get("/api/auth/user");
    expect(result.status).toBe(401);
    expect(result.body).toEqual(UNAUTHORIZED);
  });

  it("answers 401 for a tampered, unsigned or made-up cookie", async () => {
    const { client } = await signedInUser(admin);
    const other = await signedInUser(admin);
    const [, value] = client.cookie!.split(/=(.*)/s);
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    expect(dot).toBeGreaterThan(0);
    const payload = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);
    const otherSignature = decodeURIComponent(other.client.cookie!.split(/=(.*)/s)[1]).split(".").pop()!;
    const flipped = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    const token = Buffer.from(JSON.stringify(crypto.randomBytes(32).toString("base64url"))).toString(
      "base64",
    );

    const forged = [
      `${flipped(payload)}.${signature}`, // payload changed, signature kept
      `${payload}.${flipped(signature)}`, // signature changed
      `${payload}.${otherSignature}`, // another session's signature
      payload, // no signature at all
      token, // a made-up, unsigned token
      `${token}.${signature}`,
      "garbage",
    ];
    // The genuine cookie first: the forged ones follow one the server has already verified (and remembers).
    expect((await client.get("/api/auth/user")).status).toBe(200);
    for (const cookieValue of forged) {
      const result = await new ApiClient(`__session=${encodeURIComponent(cookieValue)}`).get(
        "/api/auth/user",
      );
      expect(result.status, cookieValue).toBe(401);
      expect(result.body).toEqual(UNAUTHORIZED);
    }
    // The genuine cookie still works.
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });
});

describe("/api/logout", () => {
  it.each(["GET", "POST"])(
    "%s ends only this session, clears the cookie and redirects to /",
    async (method) => {
      const user = await createUser(admin);
      const first = await signIn(user.email, user.password);
      const second = await signIn(user.email, user.password);
      const firstCookie = first.cookie!;

      const result = await first.request(method, "/api/logout");
      expect(result.status).toBe(302);
      expect(result.headers.get("location")).toBe("/");
      const cleared = sessionSetCookie(result.headers);
      expect(cleared).not.toBeNull();
      expect(cleared).toMatch(/^__session=;/);
      const attributes = cookieAttributes(cleared!);
      const expires = attributes.find((attribute) => attribute.startsWith("expires="));
      expect(
        attributes.includes("max-age=0") ||
          (expires !== undefined && Date.parse(expires.slice("expires=".length)) < Date.now()),
      ).toBe(true);

      const ended = await new ApiClient(firstCookie).get("/api/auth/user");
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual(UNAUTHORIZED);

      const other = await second.get("/api/auth/user");
      expect(other.status).toBe(200);
      expect(other.body.id).toBe(user.id);
    },
  );

  it("redirects to / without a session too", async () => {
    const result = await new ApiClient().get("/api/logout");
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/");
  });
});

describe("/api/login and /api/admin/login", () => {
  it.each(["/api/login", "/api/admin/login"])("%s redirects to /", async (path) => {
    const signedOut = await new ApiClient().get(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/");

    const { client } = await signedInUser(admin);
    const signedIn = await client.get(path);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
  });
});

describe("unknown /api paths", () => {
  it.each([
    ["GET", "/api/whatever"],
    ["GET", "/api/whatever/deeper/still"],
    ["POST", "/api/whatever"],
    ["DELETE", "/api/nothing-here/123"],
  ])("%s %s answers 404 JSON Not found", async (method, path) => {
    const { client } = await signedInUser(admin);
    const result = await client.request(method, path);
    expect(result.status).toBe(404);
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.body).toEqual({ message: "Not found" });
  });

  it("answers 404 JSON to a signed-out client as well", async () => {
    const result = await new ApiClient().get("/api/whatever");
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ message: "Not found" });
  });
});
