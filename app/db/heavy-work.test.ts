import { describe, expect, it } from "vitest";
import { workQueue } from "./heavy-work";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("workQueue", () => {
  it("runs at most `slots` at once, the rest in the order they came, and passes results and errors", async () => {
    const run = workQueue(() => 2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number) =>
      run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await tick();
        now--;
        if (i === 3) throw new Error("three");
        return i * 10;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      "three",
      40,
      50,
    ]);
    // Every slot is free again: two new jobs start at once.
    started.length = 0;
    const both = Promise.all([job(6), job(7)]);
    await Promise.resolve();
    expect(started).toEqual([6, 7]);
    await both;
  });

  it("holds a freed slot for `pauseMs` before the next waiting job takes it", async () => {
    const run = workQueue(
      () => 1,
      () => 40,
    );
    const ended: number[] = [];
    const started: number[] = [];
    const job = () =>
      run(async () => {
        started.push(performance.now());
        await tick();
        ended.push(performance.now());
      });
    await Promise.all([job(), job()]);
    // Timers may fire a millisecond early; never 40 ms early.
    expect(started[1] - ended[0]).toBeGreaterThanOrEqual(38);
  });

  it("lets work whose request is aborted leave the queue at once, and the slots go on to the others", async () => {
    const run = workQueue(() => 1);
    const started: string[] = [];
    const job = (name: string, signal?: AbortSignal) =>
      run(async () => {
        started.push(name);
        await tick();
        return name;
      }, signal);
    const gone = new AbortController();
    const first = job("first");
    const leaving = job("leaving", gone.signal);
    const last = job("last");
    gone.abort(new Error("client went away"));
    await expect(leaving).rejects.toThrow("client went away");
    expect(await Promise.all([first, last])).toEqual(["first", "last"]);
    expect(started).toEqual(["first", "last"]);
    // Aborted while its slot was being handed over (the pause): the slot still reaches the next job.
    const paused = workQueue(
      () => 1,
      () => 20,
    );
    const late = new AbortController();
    const one = paused(async () => tick());
    const two = paused(async () => "two", late.signal);
    const three = paused(async () => "three");
    await one;
    late.abort(new Error("late"));
    await expect(two).rejects.toThrow("late");
    expect(await three).toBe("three");
    await expect(run(async () => "never", gone.signal)).rejects.toThrow("client went away");
  });
});
