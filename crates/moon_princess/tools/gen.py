# How the quiet, clear and rich reel strips of math_model.rs were drawn (run: python3 emit.py).
# Also: model(p) writes candidate models as JSON for `MP_MODEL=file cargo xtask sim moon-princess`.
import json, random, subprocess, sys
SYM = ["ci","st","he","be","pg","pb","pr"]
PRIN = {4,5,6}

def strip(rng, weights, length, repeat_p, no_clump=True):
    out = []
    while len(out) < length:
        if out and rng.random() < repeat_p:
            out.append(out[-1]); continue
        for _ in range(1000):
            s = rng.choices(range(7), weights)[0]
            if no_clump and out:
                if s == out[-1]: continue
                if len(out) >= 2 and s == out[-2]: continue
                if s in PRIN and out[-1] in PRIN and len(out)>=2 and out[-2] in PRIN: continue
            break
        out.append(s)
    return " ".join(SYM[s] for s in out)

def reelset(seed, weight, per_reel_weights, length, repeat_p):
    rng = random.Random(seed)
    return {"weight": weight, "reels": [strip(rng, per_reel_weights[r], length, repeat_p) for r in range(5)]}

def model(p):
    base = [reelset(p["seedA"], p["wA"], p["weightsA"], p.get("lenA", 60), p.get("qA", 0.0)),
            reelset(p["seedB"], p["wB"], p["weightsB"], p.get("lenB", 60), p["qB"])]
    fs = []
    for k in ["love", "star", "storm"]:
        f = p["fs"][k]
        fs.append([reelset(p["seedA"]+1, f["wA"], p["weightsA"], p.get("lenA", 60), p.get("qA", 0.0)),
                   reelset(p["seedB"]+1, f["wB"], p["weightsB"], p.get("lenB", 60), f.get("qB", p["qB"]))])
    return {"id": p.get("id", 1), "base": base, "free_spins": fs,
            "random_power_chance": p["rp"], "random_power_weights": p["rpw"], "star_wilds_weights": p["star"]}

def run(m, rounds, choice="love", seed=1, threads=1, path="/work/mp_tune/model.json"):
    json.dump(m, open(path, "w"))
    out = subprocess.run(["cargo", "xtask", "sim", "moon-princess", "--rounds", str(rounds), "--seed", str(seed),
                          "--threads", str(threads), "--json", "--choice", choice],
                         cwd="/work/mp_ws", env={**__import__("os").environ, "MP_MODEL": path, "CARGO_TARGET_DIR": "/work/target-mp"},
                         capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr); sys.exit(1)
    return json.loads(out.stdout)

def show(r):
    f = r["features"]; s = r["rtp_by_source"]
    print(f"rtp {r['rtp']*100:.3f} ci99 ±{(r['rtp_ci99'][1]-r['rtp'])*100:.3f} sd {r['sd']:.2f} hit {r['hit_frequency']*100:.2f}% "
          f"base {s['base game']*100:.2f} trin {s['trinity']*100:.2f} fs {s['free spins']*100:.2f} "
          f"FS 1in {f['free spins']['one_in']} avgFS {f['free spins'].get('average_win')} trin 1in {f['trinity spin']['one_in']} "
          f"cap {r['cap_hits']} rps {r['rounds_per_second']:.0f}")
