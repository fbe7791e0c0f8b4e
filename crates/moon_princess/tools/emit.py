# Prints the quiet, clear and rich strips of math_model.rs (seeds 1, 2, 77) in its text form.
from gen import *
U=[1]*7
o=[6,6,1,1,1,1,1]; m=[1,1,6,6,0,0,0]
A=reelset(1,1,[o,o,m,o,o],60,0.0)["reels"]
B=reelset(2,1,[[1,1,1,1,0,0,0]]*5,60,0.85)["reels"]
R=reelset(77,1,[U]*5,60,0.5)["reels"]
def compress(s):
    t=s.split(); out=[]; i=0
    while i<len(t):
        j=i
        while j<len(t) and t[j]==t[i]: j+=1
        out.append(t[i] if j-i==1 else f"{t[i]}*{j-i}"); i=j
    return " ".join(out)
for name,reels in [("REELS_QUIET",A),("REELS_CLEAR",B),("REELS_RICH",R)]:
    print(f"const {name}: [&str; 5] = [")
    for r in reels: print(f'    "{compress(r)}",')
    print("];")
# check compress roundtrip equals expansion
