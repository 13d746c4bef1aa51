// Read at run time: the Remix build replaces the literal `process.env.NODE_ENV` with "production".
const { env } = process;

export function isProduction() {
  return env.NODE_ENV === "production";
}
