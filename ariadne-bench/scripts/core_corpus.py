"""Core search over porcupine's corpus: checks every violating file with `ariadne check --json` (one invocation per
model) and prints each core (file, partition, size, minimal, core-search ms, checks, first ids) and the totals.
Usage: python3 ariadne-bench/scripts/core_corpus.py ./ariadne [corpus-dir]"""
import json,subprocess,sys,os
root=sys.argv[2] if len(sys.argv)>2 else '../shared/testdata/porcupine'
rows=[l.rstrip('\n').split('\t') for l in open(root+'/EXPECTED.tsv') if not l.startswith('#')]
bymodel={}
for r in rows:
    if r[2]=='not-linearizable': bymodel.setdefault(r[1],[]).append(root+'/'+r[0])
tot=0; worst=0; n=0; notfound=0; nonmin=0; out=[]
for m,fs in bymodel.items():
    p=subprocess.run([sys.argv[1],'check','--json','--model',m]+fs,capture_output=True,text=True)
    d=json.loads(p.stdout)
    for f in d['files']:
        for part in f['partitions']:
            v=part.get('violation')
            if not v: continue
            e=v.get('explanation') or v.get('core')
            if e is None: continue
            ms=e.get('millis'); tot+=ms; worst=max(worst,ms); n+=1
            ids=[o['id'] for o in e['core']]
            if not e.get('minimal'): nonmin+=1
            if e.get('found') is False: notfound+=1
            out.append((os.path.relpath(f['file'],root),part['label'],len(ids),e.get('minimal'),round(ms,1),e.get('checks'),ids[:12]))
for o in out: print(*o)
print('cores',n,'total ms',round(tot,1),'worst ms',round(worst,1),'not minimal',nonmin,'not found',notfound)
