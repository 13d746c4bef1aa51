// Preloaded into an app a test starts with `garbageCollectable` (test-server.ts), never into the app itself:
// on SIGUSR2 the app collects its garbage, then says so on stdout. The pages a collection frees go back to the
// system only after a second one, on a background thread, so the line waits for both and a second more:
// readings of the app's memory taken then differed by about 1 MB, taken right after one collection by 30 MB.
process.on("SIGUSR2", () => {
  globalThis.gc();
  setTimeout(() => {
    globalThis.gc();
    setTimeout(() => console.log("Garbage collected"), 1000);
  }, 500);
});
