# PostgreSQL 15 under Patroni 3.0, from Debian 12's packages, for docker/compose.multi.yml: each container is one
# node; Patroni makes the cluster, copies standbys, promotes and rejoins by itself (docker/patroni.yml;
# docs/operations.md, "PostgreSQL that fails over by itself").
FROM debian:12
# The package would make a cluster of its own in /var/lib/postgresql/15/main: Patroni makes the one it needs.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
    && apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       postgresql-15 patroni python3-etcd \
    && rm -rf /var/lib/apt/lists/* \
    && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
    && install -d -o postgres -g postgres -m 2775 /run/postgresql
COPY docker/patroni.yml /etc/patroni/patroni.yml
COPY docker/patroni-post-bootstrap.sh /usr/local/bin/patroni-post-bootstrap
RUN chmod 644 /etc/patroni/patroni.yml && chmod 755 /usr/local/bin/patroni-post-bootstrap
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PATRONICTL_CONFIG_FILE=/etc/patroni/patroni.yml
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432 8008
# Running, whatever its role: GET /health answers 200 while PostgreSQL is up.
HEALTHCHECK --interval=2s --timeout=2s --retries=60 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8008 && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && head -1 <&3 | grep -q ' 200 '"]
# SIGTERM: Patroni stops PostgreSQL (fast) and, when it leads, gives the leader key up so a standby takes over at once.
STOPSIGNAL SIGTERM
ENTRYPOINT ["patroni", "/etc/patroni/patroni.yml"]
