#!/bin/sh
# `npm run release -- DIR`: makes a release directory from a built checkout (`npm run build`): the
# compiled API (apps/api/dist), the built SPA (apps/web/dist) and only the API's runtime packages
# (`npm ci --omit=dev --workspace=apps/api`: no dev tools, no front-end packages). The Dockerfile,
# the systemd recipe and the cluster journey all make their release with this script; in DIR the
# server is `node apps/api/dist/main.js` and the migrate step `node apps/api/dist/migrate.js`.
set -eu
dest=${1:?usage: npm run release -- DIR}
cd "$(dirname "$0")/.."
for built in apps/api/dist/main.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "$built is missing: run npm run build first" >&2; exit 1; }
done
mkdir -p "$dest"
# npm ci checks the lockfile against every workspace's manifest, so all three come along.
for workspace in . apps/api apps/web packages/contracts; do
  mkdir -p "$dest/$workspace"
  cp "$workspace/package.json" "$dest/$workspace/"
done
cp package-lock.json "$dest/"
rm -rf "$dest/apps/api/dist" "$dest/apps/web/dist"
cp -R apps/api/dist "$dest/apps/api/dist"
cp -R apps/web/dist "$dest/apps/web/dist"
cd "$dest"
npm ci --omit=dev --workspace=apps/api --no-audit --no-fund
echo "release in $dest: start it with node apps/api/dist/main.js"
