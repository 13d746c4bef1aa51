/** CONTRACT.md's sign-in answers; the login screen shows the same words for its own checks. */
export const SIGN_IN_MESSAGES = {
  blank: "Please enter both username and password",
  invalid: "Invalid username or password",
  tooMany: "Too many sign-in attempts. Try again later.",
  offline: "Failed to connect to server",
};

/** A failed sign-in without JavaScript, carried back to the page that was asked for. */
export type LoginFailure = { message: string; username: string };
