-- Finer statistics for the search expressions the trigram indexes cover (npm run bench at a million leads).
-- With the default 100 histogram entries, a fragment of a common surname ("Jacks", about 1 lead in 80) was
-- estimated at 371 matches in a division instead of 6,857, so the planner walked the whole division's list
-- index in order, filtering every row: 3.5 s. With 1,000 it estimates 9,000, takes the trigram index and
-- sorts the matches: 0.2 s. The next ANALYZE (autovacuum's, or seed:bulk's) applies it.
alter index leads_search_trgm_idx alter column 1 set statistics 1000;
alter index contacts_search_trgm_idx alter column 1 set statistics 1000;
alter index audit_log_search_trgm_idx alter column 1 set statistics 1000;
