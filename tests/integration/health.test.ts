import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client";

describe("GET /healthz", () => {
  it("answers 200 {status: ok} without signing in while the database answers", async () => {
    const result = await new ApiClient().get("/healthz");
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: "ok" });
  });
});
