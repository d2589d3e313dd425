#!/bin/sh
# A backup of the Drop portal (docs/deploy.md, "Backups and restore"):
#   1. the PostgreSQL database (all of it: the portal's tables, pg-boss's jobs in the `pgboss`
#      schema, drizzle's migration journal) with pg_dump in the custom format (-Fc: compressed,
#      restored selectively and in parallel by pg_restore), checked readable before it counts;
#   2. the files of DATA_DIR (catalogue pictures, payment receipts, order documents) as a tar,
#      without what is rebuilt or re-sent anyway: published feeds (feeds/, rebuilt from the
#      database at their next scheduled build; BACKUP_FEEDS=1 keeps them), 1C exchange packages
#      in flight (onec/) and PGlite's files (pglite/);
#   3. backups older than RETENTION_DAYS are deleted (the new one is kept whatever its age).
#
# Environment:
#   DATABASE_URL    postgres://user:password@host:5432/drop (required)
#   BACKUP_DIR      where backups go (default /backups)
#   DATA_DIR        the portal's DATA_DIR to archive; unset or missing = database only
#   RETENTION_DAYS  default 14
#   BACKUP_FEEDS    1 = archive the published feeds too (gigabytes at a million products)
#
# compose.yaml runs it as `docker compose run --rm backup`; on a host, from cron:
#   15 3 * * *  DATABASE_URL='postgres://drop@localhost/drop?host=/var/run/postgresql' DATA_DIR=/var/lib/drop BACKUP_DIR=/var/backups/drop /opt/drop/deploy/backup.sh
# It prints one line per step and exits non-zero when anything failed (cron mails it, and
# monitoring should alert on a missing fresh backup, not only on an error).
set -eu

: "${DATABASE_URL:?DATABASE_URL is required}"
BACKUP_DIR=${BACKUP_DIR:-/backups}
RETENTION_DAYS=${RETENTION_DAYS:-14}
DATA_DIR=${DATA_DIR:-}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$BACKUP_DIR"
dump="$BACKUP_DIR/drop-db-$stamp.dump"
files="$BACKUP_DIR/drop-files-$stamp.tar"
trap 'rm -f "$dump.partial" "$files.partial"' EXIT

started=$(date +%s)
# One consistent snapshot of the whole database (pg_dump runs in a single repeatable-read
# transaction); the API keeps running meanwhile.
pg_dump --dbname="$DATABASE_URL" --format=custom --compress=6 --file="$dump.partial"
# A dump that pg_restore cannot read is no backup.
pg_restore --list "$dump.partial" > /dev/null
mv "$dump.partial" "$dump"
echo "backup: database -> $dump ($(du -h "$dump" | cut -f1), $(( $(date +%s) - started )) s)"

# Files after the dump: a file newer than the dump is at worst one nothing refers to yet.
if [ -n "$DATA_DIR" ] && [ -d "$DATA_DIR" ]; then
  started=$(date +%s)
  # Pictures and PDFs are compressed already: a plain tar.
  feeds=--exclude=./feeds
  [ "${BACKUP_FEEDS:-0}" = 1 ] && feeds=--exclude=./feeds/.*.tmp
  tar -C "$DATA_DIR" "$feeds" --exclude=./onec --exclude=./pglite --exclude=./portal.lock -cf "$files.partial" .
  mv "$files.partial" "$files"
  echo "backup: files of $DATA_DIR -> $files ($(du -h "$files" | cut -f1), $(( $(date +%s) - started )) s)"
fi

find "$BACKUP_DIR" -maxdepth 1 -type f \( -name 'drop-db-*.dump' -o -name 'drop-files-*.tar' \) -mtime +"$RETENTION_DAYS" \
  ! -name "drop-db-$stamp.dump" ! -name "drop-files-$stamp.tar" -print -delete | sed 's/^/backup: removed old /'
echo "backup: done $stamp"
