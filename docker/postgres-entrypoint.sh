#!/bin/bash
# PostgreSQL for docker/compose.multi.yml (docs/operations.md, "More than one machine"), run as the user postgres.
# ROLE says what an empty data folder becomes:
#   primary   initdb; the users muster (owner of the database muster) and replicator; its commits wait for the
#             standby PEER (synchronous_standby_names, synchronous_commit on)
#   standby   pg_basebackup -R from PEER, then streams from it as NAME, the name the primary waits for
# A folder already made starts as what it is (a standby while standby.signal is there, a primary once promoted).
# Environment: ROLE, NAME (this node's host name), PEER (the other node's), MUSTER_PASSWORD, REPLICATION_PASSWORD;
# PORT and PEER_PORT (5432) where this node and the other listen.
set -euo pipefail
: "${ROLE:?set ROLE=primary or ROLE=standby}"
: "${NAME:?set NAME, the host name of this node}"
: "${PEER:?set PEER, the host name of the other node}"
: "${MUSTER_PASSWORD:?set MUSTER_PASSWORD}"
: "${REPLICATION_PASSWORD:?set REPLICATION_PASSWORD}"
export PGDATA=${PGDATA:-/var/lib/postgresql/data}
export PGPORT=${PORT:-5432} PGCONNECT_TIMEOUT=3
PEER_PORT=${PEER_PORT:-5432}

# Where libpq finds the replication password: pg_basebackup, the standby's WAL receiver, the check below.
umask 077
printf '*:*:*:replicator:%s\n' "$REPLICATION_PASSWORD" > "$HOME/.pgpass"

peer_is_primary() {
    [ "$(psql -h "$PEER" -p "$PEER_PORT" -U replicator -d postgres -XAtc 'SELECT pg_is_in_recovery()' 2>/dev/null || true)" = f ]
}

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    case "$ROLE" in
    primary)
        # A second primary beside a promoted standby would take writes the other never sees.
        if peer_is_primary; then
            echo "postgres-entrypoint: $PEER is a primary: start $NAME as its standby (ROLE=standby, an empty volume)" >&2
            exit 1
        fi
        initdb -D "$PGDATA" -U postgres -E UTF8 --locale=C.UTF-8 --auth-local=peer --auth-host=scram-sha-256
        cat >> "$PGDATA/postgresql.conf" <<EOF

# postgres-entrypoint
listen_addresses = '*'
wal_level = replica
max_wal_senders = 5
hot_standby = on
synchronous_commit = on
password_encryption = scram-sha-256
EOF
        cat >> "$PGDATA/pg_hba.conf" <<EOF
host replication replicator all scram-sha-256
host all all all scram-sha-256
EOF
        # Set up with no standby to wait for, on the local socket only; the standby is named last.
        pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c port=$PGPORT" -w start
        psql -X -v ON_ERROR_STOP=1 -U postgres -d postgres -v mp="$MUSTER_PASSWORD" -v rp="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'rp';
CREATE ROLE muster WITH LOGIN PASSWORD :'mp';
CREATE DATABASE muster OWNER muster;
SQL
        psql -X -v ON_ERROR_STOP=1 -U postgres -d postgres -c "ALTER SYSTEM SET synchronous_standby_names = '\"$PEER\"'"
        pg_ctl -D "$PGDATA" -m fast -w stop
        ;;
    standby)
        until pg_isready -q -h "$PEER" -p "$PEER_PORT"; do
            echo "postgres-entrypoint: waiting for $PEER" >&2
            sleep 1
        done
        pg_basebackup -h "$PEER" -p "$PEER_PORT" -U replicator -D "$PGDATA" -R -X stream -c fast --no-password
        # Later lines win. Promoted, this node has no standby of its own: it must not wait for one, or every
        # commit would hang until a new standby came (docs/operations.md says how to make one).
        cat >> "$PGDATA/postgresql.auto.conf" <<EOF
primary_conninfo = 'host=$PEER port=$PEER_PORT user=replicator application_name=$NAME'
synchronous_standby_names = ''
EOF
        ;;
    *)
        echo "postgres-entrypoint: ROLE must be primary or standby, not '$ROLE'" >&2
        exit 2
        ;;
    esac
elif [ ! -e "$PGDATA/standby.signal" ] && peer_is_primary; then
    # The old primary back after its standby was promoted: refuse, rather than be a second primary.
    echo "postgres-entrypoint: $PEER was promoted: rebuild $NAME as its standby (docs/operations.md)" >&2
    exit 1
fi

exec postgres -D "$PGDATA" -c port="$PGPORT"
