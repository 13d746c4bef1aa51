import { describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce-writes.server";

const chunksOf = (stream: NodeJS.ReadableStream) => {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
};

describe("coalesceWrites", () => {
  it("hands on the writes of one turn of the event loop as one chunk, each later turn's as another", async () => {
    const stream = coalesceWrites();
    const chunks = chunksOf(stream);
    stream.write("<html>");
    stream.write("<body>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body>"]);
    stream.write("late part");
    stream.end("</html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<html><body>", "late part</html>"]);
  });

  it("ends with nothing lost when it ends in the turn it was written", async () => {
    const stream = coalesceWrites();
    const chunks = chunksOf(stream);
    stream.write("a");
    stream.end("b");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks.join("")).toBe("ab");
  });
});
