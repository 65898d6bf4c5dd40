#!/usr/bin/env bash
# Builds and runs both images with Debian's podman on a machine that reaches Debian's packages and the npm
# registry but no container registry (this project's machines): the `node` base image is made here instead
# of pulled — a Debian bookworm rootfs (debootstrap) with this machine's Node.js, npm, Node headers and CA
# certificates — then Containerfile and Containerfile.api-host are built on it (--format docker keeps the
# HEALTHCHECK), both images run on the host network (host 5560, app 5561) and are probed, and removed.
# Podman here needs runc (crun refuses the cgroup hybrid mode), no default ulimits and cgroupfs.
# As root: bash deploy/podman-offline.sh   (apt-get installs podman, runc and debootstrap when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v podman >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap
work=.data/podman
mkdir -p "$work"
conf="$PWD/$work/containers.conf"
printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\n' >"$conf"
export CONTAINERS_CONF="$conf"
P="podman --runtime runc"

if ! $P image exists localhost/adas-node:20; then
  rootfs="$work/rootfs"
  [ -x "$rootfs/bin/sh" ] || debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include"
  cp "$(command -v node)" "$rootfs/usr/local/bin/node"
  cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  cp -a /usr/include/node "$rootfs/usr/local/include/"
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  tar -C "$rootfs" -cf "$work/node-base.tar" .
  $P import --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' "$work/node-base.tar" localhost/adas-node:20
fi

for image in api-host:Containerfile.api-host app:Containerfile; do
  $P build --format docker --network host --build-arg NODE_IMAGE=localhost/adas-node:20 -t "adas-${image%%:*}" -f "${image#*:}" .
done

secret=$(head -c 48 /dev/urandom | base64 | tr -d '/+=' | head -c 48)
$P rm -f adas-check-host adas-check-app >/dev/null 2>&1 || true
trap '$P rm -f adas-check-host adas-check-app >/dev/null 2>&1 || true' EXIT
$P run -d --name adas-check-host --network host -e API_HOST_PORT=5560 -e APP_LOG_SECRET="$secret" adas-api-host
until curl -sf http://127.0.0.1:5560/health >/dev/null; do sleep 1; done
h=http://127.0.0.1:5560
$P run -d --name adas-check-app --network host -e PORT=5561 -e HOSTNAME=127.0.0.1 -e AUTH_SECRET="$secret" -e APP_LOG_SECRET="$secret" \
  -e API_URL=$h/api/ -e AUTH_URL=$h/auth/ -e PUSH_URL=$h/hubs/push -e VEHICLE_DATA_URL=$h/ADAG/ -e ALLDATA_URL=$h/alldata/ -e PAYMENT_URL=$h/pay/ adas-app
until curl -sf http://127.0.0.1:5561/api/health >/dev/null; do sleep 1; done
echo "health:   $(curl -s http://127.0.0.1:5561/api/health)"
echo "ready:    $(curl -s http://127.0.0.1:5561/api/ready)"
echo "/login:   $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:5561/login)"
echo "users:    app $($P exec adas-check-app id -un), host $($P exec adas-check-host id -un)"
$P healthcheck run adas-check-app && $P healthcheck run adas-check-host && echo "HEALTHCHECK: both healthy"
