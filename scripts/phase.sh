# Sourced by .ci/run and scripts/test.sh: `phase NAME` prints one line with the seconds the
# phase took and, under CI (CI_STARTED_AT, epoch seconds, set by .ci/run), since CI started.
# A slow run then says where its time went.
PHASE_STARTED=$(date +%s)

phase() {
  local now line
  now=$(date +%s)
  line="== $1: $((now - PHASE_STARTED)) s"
  if [ -n "${CI_STARTED_AT:-}" ]; then
    line+=" ($((now - CI_STARTED_AT)) s since CI started)"
  fi
  echo "$line"
  PHASE_STARTED=$now
}
