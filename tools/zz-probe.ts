import { readFileSync } from 'node:fs';
import { bootInEspruino, connectedPhone } from './espruino-run';
const game = process.argv[2] || 'fortress';
const mode = process.argv[3] === 'mode';
const code = readFileSync(`dist/${game}.js`, 'latin1');
const diag = readFileSync(`dist/${game}.diag.js`, 'latin1');
const inputs = `global.digitalRead=function(p){return p===29&&${mode}?1:0;};var __t=setInterval(function(){__use();},20);`;
const r = bootInEspruino(code, { boot0: 'var __u=[];' + connectedPhone('if(__u.length<6)__u.push(process.memory().usage+String.fromCharCode(32)+l.substr(0,120));') + readFileSync('tools/espruino-linux-stubs.js', 'utf8') + inputs, settleMs: 1500,
  storage: { 'tallyboard-diag': diag }, probe: '{peak:__peak,u:__u,f:E.getErrorFlags(),m:process.memory().usage}' });
console.log(JSON.stringify(r.probe), 'baseline', r.baseline.usage);
