import json, subprocess, sys
src, pred, out = sys.argv[1], sys.argv[2], sys.argv[3]
def run(tree, path):
    r = subprocess.run(['npx', 'tsx', '/tmp/hostile12/faults-of.ts', path], cwd=tree, capture_output=True, text=True)
    return json.loads(r.stdout.strip().splitlines()[-1])
def truth(lines):
    slides=[json.loads(l) for l in lines[1:] if '"slide"' in l]
    ws=[(i&1, x['to']['d']) for i,x in enumerate(slides) if 'to' in x]
    on=sorted([w for w in ws if w[1]>=0 and w[1]+29<1829], key=lambda w:w[1])
    p=[0,0]
    if not on: return p
    c=on[0][0]; riv=[w for w in on if w[0]!=c]
    if riv and riv[0][1]-on[0][1]<=5: return p
    def pts(d):
        if d<29: return 4
        if d+29<152: return 3
        if d-29<=152: return 2
        if d+29<305: return 2
        return 1
    for w in on:
        if w[0]==c and (not riv or riv[0][1]-w[1]>5): p[c]+=pts(w[1])
    return p
def check(lines):
    p = '/tmp/hostile12/min-try.jsonl'
    open(p, 'w').write('\n'.join(lines) + '\n')
    b, m = run('/work/wt/base', p), run('/work/main', p)
    return eval(pred, {'b': b, 'm': m, 'T': truth(lines)})
lines = open(src).read().strip().split('\n')
assert check(lines), 'predicate false on the original'
changed = True
while changed:
    changed = False
    for i in range(len(lines) - 1, 0, -1):
        trial = lines[:i] + lines[i + 1:]
        if check(trial):
            lines = trial; changed = True
            print('dropped', i, file=sys.stderr)
open(out, 'w').write('\n'.join(lines) + '\n')
print('\n'.join(lines))
