-- Successful sign-ins are bounded too (docs/security.md "Sign-in"): a sign-in that succeeds is kept, marked,
-- instead of being forgotten, so that a script signing in over and over (each sign-in a session and an audit
-- row) is refused after a while like one that guesses. The failure rules count only what did not succeed.
alter table login_attempts add column succeeded boolean not null default false;
