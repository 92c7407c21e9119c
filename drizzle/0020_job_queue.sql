-- Background jobs run on pg-boss (ADR 0021), which keeps its own tables in the pgboss schema.
DROP TABLE "job_leases" CASCADE;