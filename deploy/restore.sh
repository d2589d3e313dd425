#!/bin/sh
# Restores a backup made by deploy/backup.sh into an EMPTY database, and its files into a
# DATA_DIR (docs/deploy.md, "Restore"). It never drops or overwrites anything: make the new
# database first (createdb, or CREATE DATABASE), point the API at it once this succeeds.
#
#   deploy/restore.sh DUMP TARGET_DATABASE_URL [FILES_TAR TARGET_DATA_DIR]
#
# Example (a restore drill next to the live database):
#   createdb -h 127.0.0.1 -U postgres drop_restored
#   deploy/restore.sh /backups/drop-db-20261124T031500Z.dump postgres://postgres@127.0.0.1/drop_restored \
#                     /backups/drop-files-20261124T031500Z.tar /srv/drop-restored-data
set -eu

if [ $# -ne 2 ] && [ $# -ne 4 ]; then
  echo "usage: $0 DUMP TARGET_DATABASE_URL [FILES_TAR TARGET_DATA_DIR]" >&2
  exit 2
fi
dump=$1
target=$2

tables=$(psql "$target" -XAtc "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then
  echo "restore: the target database is not empty ($tables tables); restore into a new one" >&2
  exit 1
fi

started=$(date +%s)
# --no-owner/--no-acl: the target's owner (the user in TARGET_DATABASE_URL) owns everything, so a
# dump restores under another role name too. --exit-on-error: all or nothing worth using.
pg_restore --dbname="$target" --no-owner --no-acl --exit-on-error --jobs="${RESTORE_JOBS:-2}" "$dump"
psql "$target" -XAtqc "ANALYZE"
echo "restore: database from $dump ($(( $(date +%s) - started )) s)"

if [ $# -eq 4 ]; then
  mkdir -p "$4"
  tar -C "$4" -xf "$3"
  echo "restore: files from $3 -> $4"
fi
echo "restore: done. Start the API on it; feeds are rebuilt by their schedule (or \"rebuild now\")."
