#!/bin/bash
# Run once by Patroni on the node that makes the cluster (bootstrap.post_bootstrap in docker/patroni.yml): the user
# and database the Muster nodes use. $1 is a connection string to the new primary; MUSTER_DB_PASSWORD is the
# container's. Patroni runs it with synchronous_commit local: no standby exists yet to wait for.
set -euo pipefail
: "${MUSTER_DB_PASSWORD:?set MUSTER_DB_PASSWORD}"
psql "$1" -X -v ON_ERROR_STOP=1 -v mp="$MUSTER_DB_PASSWORD" <<'SQL'
CREATE ROLE muster WITH LOGIN PASSWORD :'mp';
SQL
psql "$1" -X -v ON_ERROR_STOP=1 -c 'CREATE DATABASE muster OWNER muster'
