const { getLanguageService } = require('/work/main/out/server/src/service/pearlLanguageService');
const { generateTextPearl } = require('/work/main/out/bench/pearlGenerator');
const { TextDocument } = require('/work/main/node_modules/vscode-languageserver-textdocument');
const text = generateTextPearl(1000);
const s = getLanguageService();
function run(){ const d = TextDocument.create('file:///a.pearl.json','pearl',1,text); const p = s.parsePearlDocument(d); return s.doValidation(p); }
for (let i=0;i<300;i++) run();
