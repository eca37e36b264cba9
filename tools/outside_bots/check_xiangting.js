#!/usr/bin/env node
/*
 * majiang_xiangting.js against majiang-core's own xiangting/tingpai (benchmark tooling, not CI):
 *   node tools/outside_bots/check_xiangting.js [RANDOM_HANDS]
 * 1. every one-suit hand of 0..14 tiles (each suit's table entry, in each of m, p, s);
 * 2. RANDOM_HANDS (default 300000) random hands drawn from the 136 tiles with red fives (every
 *    other one made of sets and a pair with up to two tiles swapped, near complete or complete):
 *    0..14 concealed tiles, 0..4 melds, no draw / a draw / a kan draw; xiangting (twice: computed,
 *    then cached), and tingpai without a draw (with its default and with a caller's shanten function).
 * Prints the counts compared and exits 1 at the first difference.
 */
"use strict";

const Majiang = require("@kobalab/majiang-core");
const { install } = require("./majiang_xiangting");

const U = Majiang.Util;
install(U);
const X0 = U.xiangting_original, T0 = U.tingpai_original, X1 = U.xiangting, T1 = U.tingpai;

function fail(what, sp, a, b) {
    console.error(`DIFFERENT ${what} for ${sp.toString()} (${JSON.stringify(sp._bingpai)} fulou ${sp._fulou.length} zimo ${sp._zimo}): ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    process.exit(1);
}

const hist = {};
function compare(sp) {
    const a = X0(sp), b = X1(sp), c = X1(sp);      // c: from the cache
    hist[a] = (hist[a] || 0) + 1;
    if (a !== b || a !== c) fail("xiangting", sp, a, [b, c]);
    if (!sp._zimo) {
        const ta = T0(sp), tb = T1(sp);
        if (JSON.stringify(ta) !== JSON.stringify(tb)) fail("tingpai", sp, ta, tb);
    }
}

/* 1. one-suit hands, every count vector with at most 14 tiles */
let n1 = 0;
const c = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
function walk(n, total) {
    if (n > 9) {
        for (const s of ["m", "p", "s"]) {
            const sp = new Majiang.Shoupai();
            sp._bingpai[s] = c.slice();
            const a = X0(sp), b = X1(sp);
            if (a !== b) fail("xiangting", sp, a, b);
            n1++;
        }
        return;
    }
    for (let k = 0; k <= 4 && total + k <= 14; k++) { c[n] = k; walk(n + 1, total + k); }
    c[n] = 0;
}
walk(1, 0);

/* 2. random hands (a fixed linear congruential generator: the same hands every run) */
let seed = 12345;
const rnd = k => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
const wall = [];
for (const s of ["m", "p", "s"]) for (let n = 1; n <= 9; n++) for (let i = 0; i < 4; i++) wall.push(s + (n === 5 && i === 0 ? 0 : n));
for (let n = 1; n <= 7; n++) for (let i = 0; i < 4; i++) wall.push("z" + n);
const MELDS = ["m123-", "p555=", "s789-", "z111+", "m4444", "p2222+", "s406-"];

const hands = +(process.argv[2] || 300000);
let n2 = 0, nt = 0;
for (let h = 0; h < hands; h++) {
    const tiles = wall.slice();
    for (let i = tiles.length - 1; i > 0; i--) { const j = rnd(i + 1); [tiles[i], tiles[j]] = [tiles[j], tiles[i]]; }
    const fulou = rnd(5);
    const size = Math.min(rnd(15), 14 - 3 * fulou);
    let hand = tiles.slice(0, size);
    if (h % 2) {                // every other hand near complete: sets and a pair, then a few tiles swapped
        const sets = [];
        for (let i = 0; i * 3 + 2 <= size && sets.length * 3 + 2 < size; i++) {
            const s = "mpsz"[rnd(4)], n = 1 + rnd(s === "z" ? 7 : 7);
            sets.push(...(rnd(2) && s !== "z" ? [s + n, s + (n + 1), s + (n + 2)] : [s + n, s + n, s + n]));
        }
        const t = tiles[rnd(136)];
        hand = sets.concat([t, t]).slice(0, size);
        for (let k = rnd(3); k > 0 && hand.length; k--) hand[rnd(hand.length)] = tiles[rnd(136)];
        const count = {};
        hand = hand.filter(p => (count[p] = (count[p] || 0) + 1) <= 4);
    }
    const sp = new Majiang.Shoupai(hand);
    for (let i = 0; i < fulou; i++) sp._fulou.push(MELDS[rnd(MELDS.length)]);
    const z = rnd(3);
    if (z === 1 && size) sp._zimo = tiles[0];
    if (z === 2) sp._zimo = MELDS[rnd(MELDS.length)];
    compare(sp);
    n2++;
    if (!sp._zimo) {
        nt++;
        const f = s => X0(s);                 // a caller's own shanten function, as majiang-ai passes
        const ta = T0(sp, f), tb = T1(sp, f);
        if (JSON.stringify(ta) !== JSON.stringify(tb)) fail("tingpai(f)", sp, ta, tb);
    }
}
console.log(`identical: ${n1} one-suit hands, ${n2} random hands (${nt} with tingpai); shanten of the random hands: ${JSON.stringify(hist)}`);
