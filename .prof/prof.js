const { getLanguageService } = require('/work/main/out/server/src/service/pearlLanguageService');
const { generateTextPearl } = require('/work/main/out/bench/pearlGenerator');
const { TextDocument } = require('vscode-languageserver-textdocument');
const { parseTree } = require('jsonc-parser');
const n = +(process.argv[2]||1000);
const text = generateTextPearl(n);
console.log('bytes', text.length);
const s = getLanguageService();
function run(){ const d = TextDocument.create('file:///a.pearl.json','pearl',1,text); const p = s.parsePearlDocument(d); return s.doValidation(p); }
for (let i=0;i<20;i++) run();
const {performance}=require('perf_hooks');
let t=[];
for (let i=0;i<40;i++){ const a=performance.now(); run(); t.push(performance.now()-a);} t.sort((a,b)=>a-b); console.log('full', t[20].toFixed(2));
t=[]; for (let i=0;i<40;i++){ const a=performance.now(); JSON.parse(text); t.push(performance.now()-a);} t.sort((a,b)=>a-b); console.log('JSON.parse', t[20].toFixed(2));
t=[]; for (let i=0;i<40;i++){ const a=performance.now(); parseTree(text); t.push(performance.now()-a);} t.sort((a,b)=>a-b); console.log('parseTree', t[20].toFixed(2));
if (process.argv[3]) { const a=performance.now(); for (let i=0;i<200;i++) run(); console.log('loop', (performance.now()-a)/200); }
