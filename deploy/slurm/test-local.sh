#!/usr/bin/env bash
# End-to-end test of the Slurm scripts on a real one-node Slurm cluster started on this
# machine (Debian's slurm-wlm and munge; root needed): submits a sharded run of one game with
# submit.sh, waits for the merge job, and checks that the merged report has exactly the sums
# (and their checksum) of the same run played on one machine.
#
#   deploy/slurm/test-local.sh            # environment: GAME, ROUNDS, SHARDS, SEED, XTASK
#
# Everything lives in $SLURM_TEST_DIR (default /tmp/slot-math-slurm-test): configuration,
# state, logs, the run. The daemons (munged, slurmctld, slurmd) use their own socket, ports and
# pid files there, are stopped on exit, and a run left over from an earlier try is stopped
# first, so the script can run again on the same machine.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
WORK=${SLURM_TEST_DIR:-/tmp/slot-math-slurm-test}
GAME=${GAME:-starlight-christmas}
ROUNDS=${ROUNDS:-400000}
SHARDS=${SHARDS:-4}
SEED=${SEED:-20261130}
start=$SECONDS
say() { printf '[slurm-test %3ss] %s\n' "$((SECONDS - start))" "$*"; }

[[ $(id -u) == 0 ]] || { echo "test-local.sh needs root (it starts munged, slurmctld, slurmd)" >&2; exit 2; }

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge (Debian packages)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
fi
say "$(slurmctld -V), $(munged -V 2>&1 | head -n1)"

stop_daemons() {
    if [[ -f $WORK/slurm.conf ]]; then
        SLURM_CONF=$WORK/slurm.conf timeout 10 scontrol shutdown >/dev/null 2>&1 || true
    fi
    for pidfile in "$WORK"/run/slurmd.pid "$WORK"/run/slurmctld.pid "$WORK"/run/munged.pid; do
        [[ -f $pidfile ]] || continue
        pid=$(cat "$pidfile")
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            kill "$pid" 2>/dev/null || true
            sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$pidfile"
    done
}
on_exit() {
    status=$?
    if ((status != 0)) && [[ -d $WORK/log ]]; then
        echo "---- logs (test failed with status $status) ----" >&2
        tail -n 30 "$WORK"/log/*.log "$WORK"/run-out/logs/*.log 2>/dev/null >&2 || true
    fi
    stop_daemons
    say "daemons stopped"
}
stop_daemons # a run left over from an earlier try
rm -rf "$WORK"
mkdir -p "$WORK"/{state,spool,log,run}
trap on_exit EXIT

if [[ -z ${XTASK:-} ]]; then
    say "building the runner (cargo build -p xtask)"
    (cd "$root" && cargo build --quiet --locked -p xtask)
    XTASK=$root/target/debug/xtask
fi

host=$(hostname -s)
cpus=$(nproc)
# munged with its own key, socket and files (a system munged, if any, is left alone).
key=$WORK/munge.key
dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
chmod 0400 "$key"
munged --force --key-file="$key" --socket="$WORK/run/munge.sock" \
    --pid-file="$WORK/run/munged.pid" --log-file="$WORK/log/munged.log" \
    --seed-file="$WORK/run/munged.seed"

cat >"$WORK/slurm.conf" <<EOF
ClusterName=slotmathtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/run/munge.sock
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$WORK/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
say "waiting for node $host"
for _ in $(seq 60); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ $state == idle* ]] && break
    sleep 1
done
[[ $state == idle* ]] || { echo "node $host is '$state', not idle" >&2; exit 1; }
say "cluster up: node $host ($cpus CPUs) idle"

say "single-machine run: $GAME, $ROUNDS rounds, seed $SEED"
"$XTASK" sim "$GAME" --rounds "$ROUNDS" --seed "$SEED" --json --quiet >"$WORK/single.json"

# The runner as the jobs see it: shard 1 fails on its first try, to test the recovery.
cat >"$WORK/xtask-flaky" <<EOF
#!/bin/sh
case "\$*" in *"--shard 1/"*)
    if [ ! -e "$WORK/failed-once" ]; then touch "$WORK/failed-once"; echo "shard 1: failing on purpose" >&2; exit 1; fi ;;
esac
exec "$XTASK" "\$@"
EOF
chmod +x "$WORK/xtask-flaky"

wait_for() { # job id: wait until it has left the queue
    for _ in $(seq 300); do
        [[ -z $(squeue -h -j "$1" 2>/dev/null) ]] && return 0
        sleep 1
    done
    echo "job $1 still queued after 300 s" >&2
    exit 1
}

say "submitting $SHARDS shards (shard 1 fails once)"
submitted=$("$here/submit.sh" --game "$GAME" --rounds "$ROUNDS" --shards "$SHARDS" \
    --seed "$SEED" --out "$WORK/run-out" --xtask "$WORK/xtask-flaky" --partition test --time 00:10:00)
echo "$submitted"
wait_for "$(sed -n 's/^MERGE_JOB=//p' <<<"$submitted")"
[[ ! -e $WORK/run-out/merged.json && ! -e $WORK/run-out/shards/shard-1.json ]] ||
    { echo "FAIL: a merge ran although shard 1 failed" >&2; exit 1; }
say "shard 1 failed and the merge was cancelled, as it should; resuming"
submitted=$("$here/submit.sh" --resume "$WORK/run-out")
echo "$submitted"
grep -q "tasks 1)" <<<"$submitted" || { echo "FAIL: --resume should play shard 1 only" >&2; exit 1; }
merge=$(sed -n 's/^MERGE_JOB=//p' <<<"$submitted")
wait_for "$merge"
[[ -f $WORK/run-out/merged.json ]] || { echo "no merged report: the merge job failed" >&2; exit 1; }
say "merge job $merge done"

field() { grep -oE "\"$1\":$2" "$3" | head -n1; }
sums='\{[^}]*\}'
for f in sums sums_sha256; do
    pattern=$sums
    [[ $f == sums_sha256 ]] && pattern='"[0-9a-f]*"'
    a=$(field "$f" "$pattern" "$WORK/single.json")
    b=$(field "$f" "$pattern" "$WORK/run-out/merged.json")
    if [[ -z $a || $a != "$b" ]]; then
        echo "FAIL: $f differs" >&2
        echo "  single: $a" >&2
        echo "  merged: $b" >&2
        exit 1
    fi
done
for f in report.md report.json win_distribution.svg rtp_convergence.svg win_distribution.csv; do
    [[ -s $WORK/run-out/par/$f ]] || { echo "FAIL: no PAR file $f" >&2; exit 1; }
done
say "OK: the merge of $SHARDS Slurm shards has exactly the sums of the single run ($(field sums_sha256 '"[0-9a-f]*"' "$WORK/single.json"))"
