import { commerceBench } from './bench-commerce.mjs';
const r = await commerceBench({ base: 'http://127.0.0.1:3977', sku: { id: Number(process.argv[2]), goods_id: Number(process.argv[3]) }, connections: 50, durationS: 5, skipOrders: process.argv[4] === "cart" });
console.log(JSON.stringify(r.results, null, 1));
