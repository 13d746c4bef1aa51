-- What a token may do, chosen when it is made (docs/security.md "API tokens"): read (GET only), write (read
-- and change the records of the user's divisions) or admin (everything its user may, user administration
-- included; only an admin's token). A leaked everyday token then cannot create users or change roles and
-- passwords. Tokens made before scopes existed could do all their user could: an admin's keep that (admin),
-- everyone else's are write tokens, which is all they could do.

alter table api_tokens add column scope text not null default 'write'
  check (scope in ('read', 'write', 'admin'));
update api_tokens t set scope = 'admin' from users u where u.id = t.user_id and u.role = 'ADMIN';
alter table api_tokens alter column scope drop default;
