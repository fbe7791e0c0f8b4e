#!/usr/bin/env bash
# Submits a sharded simulation to Slurm: a job array of N shards (sim-shard.sbatch) and a merge
# job that runs when all of them succeeded (merge.sbatch). See README.md in this folder.
#
#   submit.sh --game GAME [--mode MODE] --rounds R --shards N --out DIR [--seed S]
#             [--threads T] [--partition P] [--time HH:MM:SS] [--max-parallel K]
#             [--xtask PATH] [-- more sbatch options]
#   submit.sh --resume DIR [-- more sbatch options]
#
# --resume plays again the shards of DIR that have no report (failed, cancelled, timed out)
# with the settings recorded in DIR/run.env, and submits the merge again.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
    sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 2
}
die() {
    echo "submit.sh: $*" >&2
    exit 2
}

GAME="" MODE="" ROUNDS="" SHARDS="" OUT="" SEED=20261129 THREADS=1 PARTITION="" TIME="" \
    MAX_PARALLEL="" XTASK="$root/target/release/xtask" RESUME=""
extra=()
while (($#)); do
    case $1 in
    --game) GAME=$2; shift 2 ;;
    --mode) MODE=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --shards) SHARDS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --partition) PARTITION=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --max-parallel) MAX_PARALLEL=$2; shift 2 ;;
    --xtask) XTASK=$2; shift 2 ;;
    --resume) RESUME=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) usage ;;
    *) die "unknown option '$1' (see --help)" ;;
    esac
done

if [[ -n $RESUME ]]; then
    [[ -f $RESUME/run.env ]] || die "$RESUME/run.env not found: not a run submitted by submit.sh"
    # shellcheck disable=SC1091
    source "$RESUME/run.env"
else
    [[ -n $GAME && -n $ROUNDS && -n $SHARDS && -n $OUT ]] ||
        die "--game, --rounds, --shards and --out are required (see --help)"
    case $GAME:${MODE:-default} in
    moon-princess:default | moon-princess:love) MODE_ARGS="--choice love" ;;
    moon-princess:star | moon-princess:storm) MODE_ARGS="--choice $MODE" ;;
    wish-upon-a-star:default | wish-upon-a-star:standard) MODE_ARGS="" ;;
    starlight-christmas:default | starlight-christmas:standard) MODE_ARGS="" ;;
    starlight-christmas:ante) MODE_ARGS="--ante" ;;
    *) die "game '$GAME' with mode '$MODE': the modes are love|star|storm (moon-princess), standard (wish-upon-a-star), standard|ante (starlight-christmas)" ;;
    esac
    [[ $ROUNDS =~ ^[1-9][0-9]*$ && $SHARDS =~ ^[1-9][0-9]*$ && $THREADS =~ ^[1-9][0-9]*$ ]] ||
        die "--rounds, --shards and --threads must be whole numbers of at least 1"
    batches=$(((ROUNDS + 9999) / 10000))
    ((SHARDS <= batches)) ||
        die "$ROUNDS rounds are $batches batches of 10,000 rounds: at most $batches shards"
    [[ -x $XTASK ]] || die "$XTASK not found: build it with 'cargo build --release -p xtask' (on a path the compute nodes see) or pass --xtask"
    XTASK=$(cd "$(dirname "$XTASK")" && pwd)/$(basename "$XTASK")
    mkdir -p "$OUT"
    OUT=$(cd "$OUT" && pwd)
    [[ ! -e $OUT/run.env ]] ||
        die "$OUT already holds a run ($OUT/run.env); use --resume $OUT, or another --out"
    mkdir -p "$OUT/shards" "$OUT/logs"
    {
        for v in GAME MODE MODE_ARGS ROUNDS SHARDS SEED THREADS PARTITION TIME MAX_PARALLEL XTASK OUT; do
            printf '%s=%q\n' "$v" "${!v}"
        done
    } >"$OUT/run.env"
fi
export XTASK GAME MODE_ARGS SEED ROUNDS SHARDS OUT

common=(--parsable --export=ALL --chdir="$OUT" --open-mode=append)
[[ -n $PARTITION ]] && common+=(--partition="$PARTITION")
[[ -n $TIME ]] && common+=(--time="$TIME")

# The shards without a report (all of them on a first submit).
missing=()
for ((i = 0; i < SHARDS; i++)); do
    rm -f "$OUT/shards/shard-$i.json.part"
    [[ -f $OUT/shards/shard-$i.json ]] || missing+=("$i")
done

dependency=()
if ((${#missing[@]})); then
    list=$(IFS=,; echo "${missing[*]}")
    ((${#missing[@]} == SHARDS)) && list="0-$((SHARDS - 1))"
    [[ -n $MAX_PARALLEL ]] && list+="%$MAX_PARALLEL"
    array=$(sbatch "${common[@]}" --array="$list" --cpus-per-task="$THREADS" \
        --job-name="slot-sim-$GAME" --output="$OUT/logs/shard-%a.log" \
        "${extra[@]}" "$here/sim-shard.sbatch")
    array=${array%%;*}
    dependency=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
    echo "shards: job array $array (tasks $list), logs in $OUT/logs/"
else
    echo "every shard has its report; submitting the merge only"
fi
rm -f "$OUT/merged.json"
merge=$(sbatch "${common[@]}" "${dependency[@]}" --job-name="slot-merge-$GAME" \
    --output="$OUT/logs/merge.log" "${extra[@]}" "$here/merge.sbatch")
merge=${merge%%;*}
echo "merge: job $merge -> $OUT/merged.json and $OUT/par/"
echo "watch: squeue -j ${array:+$array,}$merge"
echo "MERGE_JOB=$merge"
