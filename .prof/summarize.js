const fs=require('fs'); const f=fs.readdirSync('.').filter(x=>x.endsWith('.cpuprofile'))[0];
const p=JSON.parse(fs.readFileSync(f));
const self=new Map(); const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas; const counts=new Map();
for (let i=0;i<p.samples.length;i++){ counts.set(p.samples[i],(counts.get(p.samples[i])||0)+(dt[i]||0)); }
let total=0; for (const [id,t] of counts){ const n=byId.get(id); const k=n.callFrame.functionName+' '+(n.callFrame.url.split('/').slice(-1)[0])+':'+n.callFrame.lineNumber; self.set(k,(self.get(k)||0)+t); total+=t;}
// inclusive
const parent=new Map(); for (const n of p.nodes) for (const c of (n.children||[])) parent.set(c,n.id);
const incl=new Map(); for (const [id,t] of counts){ let cur=id; const seen=new Set(); while(cur!==undefined){ const n=byId.get(cur); const k=n.callFrame.functionName+' '+(n.callFrame.url.split('/').slice(-1)[0]); if(!seen.has(k)){seen.add(k); incl.set(k,(incl.get(k)||0)+t);} cur=parent.get(cur);} }
console.log('total ms', (total/1000).toFixed(0));
console.log('--- self'); [...self].sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,t])=>console.log((t/total*100).toFixed(1)+'%',k));
console.log('--- inclusive'); [...incl].sort((a,b)=>b[1]-a[1]).slice(0,40).forEach(([k,t])=>console.log((t/total*100).toFixed(1)+'%',k));
