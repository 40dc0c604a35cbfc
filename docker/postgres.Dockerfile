# PostgreSQL 15 from Debian 12's packages for docker/compose.multi.yml: one image, started as a primary or as its
# synchronous standby by ROLE (docker/postgres-entrypoint.sh; docs/operations.md, "More than one machine").
FROM debian:12
# The package would make a cluster of its own in /var/lib/postgresql/15/main: the entrypoint makes the one it needs.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
    && apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
    && install -d -o postgres -g postgres -m 2775 /run/postgresql
COPY docker/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
RUN chmod 755 /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
HEALTHCHECK --interval=2s --timeout=3s --retries=30 CMD ["pg_isready", "-q", "-h", "127.0.0.1", "-U", "postgres"]
# SIGINT is PostgreSQL's fast shutdown; SIGTERM (smart) would wait for the Muster nodes to hang up.
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
