import { gzipSync } from 'node:zlib';
const url = process.argv[2];
const html = await (await fetch(url)).text();
const sources = new Set();
for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script[^>]+src="([^"]+)"|import\(?\s*(?:\* as \w+ from\s*)?"([^"]+\.js)"\)?/g)) sources.add(m[1] ?? m[2] ?? m[3]);
let total = 0; const rows = [];
for (const s of sources) { const b = Buffer.from(await (await fetch(new URL(s, url))).arrayBuffer()); const g = gzipSync(b).length; total += g; rows.push([g, s]); }
rows.sort((a, b) => b[0] - a[0]); if (process.argv[3]) for (const [g, s] of rows) console.log((g / 1024).toFixed(1).padStart(7), s);
console.log(url, 'total', (total / 1024).toFixed(1), 'files', rows.length);
