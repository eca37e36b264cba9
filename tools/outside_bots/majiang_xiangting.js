/*
 * Shanten (xiangting) and waits (tingpai) of majiang-core 1.4.1 (lib/xiangting.js, MIT,
 * (C) 2021 Satoshi Kobayashi), the same algorithm computed faster, for the arena bridge
 * (tools/outside_bots/majiang_bridge.js; benchmark only).
 *
 * majiang-ai's search calls these two pure functions hundreds of thousands of times per game;
 * in majiang-core most of their time is the recursive mianzi() decomposition of each suit,
 * redone for every call and for every pair tried as the head. Here mianzi() and dazi() are
 * copied unchanged, and their result for one suit, a function of that suit's counts of 1..9
 * only, is kept in a table indexed by those counts (base 5; 5^9 entries, filled as met). The
 * rest (mianzi_all, xiangting_yiban, the thirteen orphans and seven pairs forms, tingpai) is
 * majiang-core's code with the table read instead of the recursion (a suit whose two
 * decompositions agree is combined once), so every result is the one majiang-core returns
 * (check_xiangting.js compares them on exhaustive one-suit and random hands). On top, a
 * direct-mapped cache (typed arrays, no allocation) keeps xiangting values by their exact key:
 * the counts 1..9 of each suit and 1..7 of honours, the number of melds, and whether the held
 * draw is a kan's (the only things xiangting reads); about 60 % of majiang-ai's calls repeat.
 *
 * install(Util) replaces Util.xiangting and Util.tingpai (majiang-core's one Util object, the
 * one majiang-ai and majiang-core's Game use); the originals stay as Util.xiangting_original
 * and Util.tingpai_original.
 */
"use strict";

/* majiang-core's _xiangting, dazi and mianzi, unchanged */
function _xiangting(m, d, g, j) {

    let n = j ? 4 : 5;
    if (m         > 4) { d += m     - 4; m = 4         }
    if (m + d     > 4) { g += m + d - 4; d = 4 - m     }
    if (m + d + g > n) {                 g = n - m - d }
    if (j) d++;
    return 13 - m * 3 - d * 2 - g;
}

function dazi(bingpai) {

    let n_pai = 0, n_dazi = 0, n_guli = 0;

    for (let n = 1; n <= 9; n++) {
        n_pai += bingpai[n];
        if (n <= 7 && bingpai[n+1] == 0 && bingpai[n+2] == 0) {
            n_dazi += n_pai >> 1;
            n_guli += n_pai  % 2;
            n_pai = 0;
        }
    }
    n_dazi += n_pai >> 1;
    n_guli += n_pai  % 2;

    return { a: [ 0, n_dazi, n_guli ],
             b: [ 0, n_dazi, n_guli ] };
}

function mianzi(bingpai, n = 1) {

    if (n > 9) return dazi(bingpai);

    let max = mianzi(bingpai, n+1);

    if (n <= 7 && bingpai[n] > 0 && bingpai[n+1] > 0 && bingpai[n+2] > 0) {
        bingpai[n]--; bingpai[n+1]--; bingpai[n+2]--;
        let r = mianzi(bingpai, n);
        bingpai[n]++; bingpai[n+1]++; bingpai[n+2]++;
        r.a[0]++; r.b[0]++;
        if (r.a[2] < max.a[2]
            || r.a[2] == max.a[2] && r.a[1] < max.a[1]) max.a = r.a;
        if (r.b[0] > max.b[0]
            || r.b[0] == max.b[0] && r.b[1] > max.b[1]) max.b = r.b;
    }

    if (bingpai[n] >= 3) {
        bingpai[n] -= 3;
        let r = mianzi(bingpai, n+1);
        bingpai[n] += 3;
        r.a[0]++; r.b[0]++;
        if (r.a[2] < max.a[2]
            || r.a[2] == max.a[2] && r.a[1] < max.a[1]) max.a = r.a;
        if (r.b[0] > max.b[0]
            || r.b[0] == max.b[0] && r.b[1] > max.b[1]) max.b = r.b;
    }

    return max;
}

/* The table: for suit counts c[1..9] (each 0..4), index sum c[n] * 5^(n-1); two Int32 per
 * entry, a and b = [mianzi, dazi, guli] packed 8 bits each, plus 1 (0 = not computed yet). */
const POW5 = [0, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
const SUIT = new Int32Array(2 * 1953125);

function suitEntry(bingpai, code) {
    let i = 2 * code;
    if (SUIT[i] === 0) {
        const r = mianzi(bingpai.slice());
        SUIT[i]     = 1 + (r.a[0] | r.a[1] << 8 | r.a[2] << 16);
        SUIT[i + 1] = 1 + (r.b[0] | r.b[1] << 8 | r.b[2] << 16);
    }
    return i;
}

/* The code of a suit, or -1 when a count is outside 0..4 (then majiang-core's own code runs). */
function suitCode(bingpai) {
    let code = 0;
    for (let n = 1; n <= 9; n++) {
        const c = bingpai[n];
        if (!(c >= 0 && c <= 4)) return -1;
        code += c * POW5[n];
    }
    return code;
}

/* majiang-core's mianzi_all: the least _xiangting over the 8 choices of a or b per suit, from
 * the table values (minus 1) vm0/vm1, vp0/vp1, vs0/vs1, the honours' triplets/pairs/singles
 * z0/z1/z2 and the number of melds nf. */
function mianzi_all(vm0, vm1, vp0, vp1, vs0, vs1, z0, z1, z2, nf, jiangpai) {
    let min = 13;
    const nm = vm0 === vm1 ? 1 : 2, np = vp0 === vp1 ? 1 : 2, ns = vs0 === vs1 ? 1 : 2;  // a == b: once
    for (let km = 0; km < nm; km++) {
        const vm = km ? vm1 : vm0;
        for (let kp = 0; kp < np; kp++) {
            const vp = kp ? vp1 : vp0;
            for (let ks = 0; ks < ns; ks++) {
                const vs = ks ? vs1 : vs0;
                const x0 = nf + (vm & 255) + (vp & 255) + (vs & 255) + z0;
                const x1 = (vm >> 8 & 255) + (vp >> 8 & 255) + (vs >> 8 & 255) + z1;
                const x2 = (vm >> 16) + (vp >> 16) + (vs >> 16) + z2;
                const n_xiangting = _xiangting(x0, x1, x2, jiangpai);
                if (n_xiangting < min) min = n_xiangting;
            }
        }
    }
    return min;
}

/* majiang-core's xiangting_yiban (the pair tried as the head in the order m, p, s, z and 1..9,
 * which does not change the least value) for valid suits with codes cm, cp, cs. */
function yiban(shoupai, bm, bp, bs, bz, cm, cp, cs) {
    const im = suitEntry(bm, cm), ip = suitEntry(bp, cp), is = suitEntry(bs, cs);
    const vm0 = SUIT[im] - 1, vm1 = SUIT[im + 1] - 1, vp0 = SUIT[ip] - 1, vp1 = SUIT[ip + 1] - 1,
          vs0 = SUIT[is] - 1, vs1 = SUIT[is + 1] - 1;
    let z0 = 0, z1 = 0, z2 = 0;
    for (let n = 1; n <= 7; n++) {
        const c = bz[n];
        if      (c >= 3) z0++;
        else if (c == 2) z1++;
        else if (c == 1) z2++;
    }
    const nf = shoupai._fulou.length;

    let min = mianzi_all(vm0, vm1, vp0, vp1, vs0, vs1, z0, z1, z2, nf);
    let x;
    for (let n = 1; n <= 9; n++) {
        if (bm[n] >= 2) {
            bm[n] -= 2;
            const i = suitEntry(bm, cm - 2 * POW5[n]);
            bm[n] += 2;
            x = mianzi_all(SUIT[i] - 1, SUIT[i + 1] - 1, vp0, vp1, vs0, vs1, z0, z1, z2, nf, true);
            if (x < min) min = x;
        }
    }
    for (let n = 1; n <= 9; n++) {
        if (bp[n] >= 2) {
            bp[n] -= 2;
            const i = suitEntry(bp, cp - 2 * POW5[n]);
            bp[n] += 2;
            x = mianzi_all(vm0, vm1, SUIT[i] - 1, SUIT[i + 1] - 1, vs0, vs1, z0, z1, z2, nf, true);
            if (x < min) min = x;
        }
    }
    for (let n = 1; n <= 9; n++) {
        if (bs[n] >= 2) {
            bs[n] -= 2;
            const i = suitEntry(bs, cs - 2 * POW5[n]);
            bs[n] += 2;
            x = mianzi_all(vm0, vm1, vp0, vp1, SUIT[i] - 1, SUIT[i + 1] - 1, z0, z1, z2, nf, true);
            if (x < min) min = x;
        }
    }
    for (let n = 1; n <= 7; n++) {
        const c = bz[n];
        if (c >= 2) {           // the honour's count c becomes c - 2 in the tallies
            let a = z0, b = z1, g = z2;
            if      (c == 2) { b--; }
            else if (c == 3) { a--; g++; }
            else             { a--; b++; }       // c == 4 (counts are 0..4 here)
            x = mianzi_all(vm0, vm1, vp0, vp1, vs0, vs1, a, b, g, nf, true);
            if (x < min) min = x;
        }
    }
    if (min == -1 && shoupai._zimo && shoupai._zimo.length > 2) return 0;

    return min;
}

/* Suits of the usual shapes (m, p, s: 10 entries; z: 8) with counts 0..4: majiang-core's
 * functions run otherwise. */
function usual(b) {
    return b.m.length === 10 && b.p.length === 10 && b.s.length === 10 && b.z.length === 8
        && validZ(b.z);
}
function validZ(z) {
    for (let n = 1; n <= 7; n++) { const c = z[n]; if (!(c >= 0 && c <= 4)) return false; }
    return true;
}

/* A direct-mapped cache of xiangting values by exact key, no allocation: slot i holds the key's
 * first part k1 at 2i and k2 * 16 + value + 1 at 2i + 1 (values are -1..13; doubles hold these
 * integers exactly). */
const CACHE_BITS = 20;
const CACHE = new Float64Array(2 << CACHE_BITS).fill(-1);
const CACHE_MASK = (1 << CACHE_BITS) - 1;

function zCode(bz) {
    let zc = 0;
    for (let n = 7; n >= 1; n--) zc = zc * 5 + bz[n];
    return zc;
}

function install(Util) {
    const original = { xiangting: Util.xiangting, tingpai: Util.tingpai,
                       xiangting_yiban: Util.xiangting_yiban };

    function xiangting_yiban(shoupai) {
        const b = shoupai._bingpai;
        const cm = suitCode(b.m), cp = suitCode(b.p), cs = suitCode(b.s);
        if (cm < 0 || cp < 0 || cs < 0 || !usual(b)) return original.xiangting_yiban(shoupai);
        return yiban(shoupai, b.m, b.p, b.s, b.z, cm, cp, cs);
    }

    /* Math.min(xiangting_yiban, xiangting_guoshi, xiangting_qidui) as majiang-core's xiangting */
    function xiangting(shoupai) {
        const b = shoupai._bingpai;
        const cm = suitCode(b.m), cp = suitCode(b.p), cs = suitCode(b.s);
        if (cm < 0 || cp < 0 || cs < 0 || !usual(b)) return original.xiangting(shoupai);
        return xt(shoupai, cm, cp, cs, zCode(b.z));
    }

    /* xiangting of a usual hand whose suit codes are cm, cp, cs and honours' code zc */
    function xt(shoupai, cm, cp, cs, zc) {
        const b = shoupai._bingpai;
        const nf = shoupai._fulou.length;
        if (nf >= 8) return compute(shoupai, b.m, b.p, b.s, b.z, cm, cp, cs);
        // the key: everything xiangting reads (suits, honours, melds, a kan's draw held)
        const rest = zc * 16 + nf * 2 + (shoupai._zimo && shoupai._zimo.length > 2 ? 1 : 0);
        const k1 = cm + cp * 1953125, k2 = (cs + rest * 1953125) * 16;
        let h = Math.imul(cm, 0x9E3779B1) ^ Math.imul(cp, 0x85EBCA77) ^ Math.imul(cs, 0xC2B2AE3D)
                ^ Math.imul(rest, 0x27D4EB2F);
        h ^= h >>> 15;
        const i = 2 * (h & CACHE_MASK);
        if (CACHE[i] === k1) {
            const d = CACHE[i + 1] - k2;
            if (d >= 0 && d < 16) return d - 1;
        }
        const v = compute(shoupai, b.m, b.p, b.s, b.z, cm, cp, cs);
        CACHE[i] = k1;
        CACHE[i + 1] = k2 + v + 1;
        return v;
    }

    function compute(shoupai, bm, bp, bs, bz, cm, cp, cs) {
        const y = yiban(shoupai, bm, bp, bs, bz, cm, cp, cs);
        if (shoupai._fulou.length) return y;      // guoshi and qidui are Infinity

        // xiangting_guoshi
        let n_yaojiu = 0, n_duizi = 0;
        for (const bingpai of [bm, bp, bs]) {
            if (bingpai[1] >= 1) n_yaojiu++;
            if (bingpai[1] >= 2) n_duizi++;
            if (bingpai[9] >= 1) n_yaojiu++;
            if (bingpai[9] >= 2) n_duizi++;
        }
        for (let n = 1; n <= 7; n++) {
            if (bz[n] >= 1) n_yaojiu++;
            if (bz[n] >= 2) n_duizi++;
        }
        const guoshi = n_duizi ? 12 - n_yaojiu : 13 - n_yaojiu;

        // xiangting_qidui
        let n_dui = 0, n_guli = 0;
        for (const bingpai of [bm, bp, bs]) {
            for (let n = 1; n <= 9; n++) {
                if      (bingpai[n] >= 2) n_dui++;
                else if (bingpai[n] == 1) n_guli++;
            }
        }
        for (let n = 1; n <= 7; n++) {
            if      (bz[n] >= 2) n_dui++;
            else if (bz[n] == 1) n_guli++;
        }
        if (n_dui          > 7) n_dui  = 7;
        if (n_dui + n_guli > 7) n_guli = 7 - n_dui;
        const qidui = 13 - n_dui * 2 - n_guli;

        return Math.min(y, guoshi, qidui);
    }

    function tingpai(shoupai, f_xiangting = xiangting) {

        if (shoupai._zimo) return null;

        if (f_xiangting === xiangting) {
            // our xiangting: the codes of the hand with one more tile, from the hand's codes
            const b = shoupai._bingpai;
            const cm = suitCode(b.m), cp = suitCode(b.p), cs = suitCode(b.s);
            if (cm >= 0 && cp >= 0 && cs >= 0 && usual(b)) {
                const zc = zCode(b.z);
                let pai = [];
                let n_xiangting = xt(shoupai, cm, cp, cs, zc);
                for (let s of ['m','p','s','z']) {
                    let bingpai = b[s];
                    for (let n = 1; n < bingpai.length; n++) {
                        if (bingpai[n] >= 4) continue;
                        bingpai[n]++;
                        const d = POW5[n];
                        const x = s === 'm' ? xt(shoupai, cm + d, cp, cs, zc)
                                : s === 'p' ? xt(shoupai, cm, cp + d, cs, zc)
                                : s === 's' ? xt(shoupai, cm, cp, cs + d, zc)
                                :             xt(shoupai, cm, cp, cs, zc + d);
                        if (x < n_xiangting) pai.push(s+n);
                        bingpai[n]--;
                    }
                }
                return pai;
            }
        }

        let pai = [];
        let n_xiangting = f_xiangting(shoupai);
        for (let s of ['m','p','s','z']) {
            let bingpai = shoupai._bingpai[s];
            for (let n = 1; n < bingpai.length; n++) {
                if (bingpai[n] >= 4) continue;
                bingpai[n]++;
                if (f_xiangting(shoupai) < n_xiangting) pai.push(s+n);
                bingpai[n]--;
            }
        }
        return pai;
    }

    Util.xiangting_original = original.xiangting;
    Util.tingpai_original = original.tingpai;
    Util.xiangting_yiban = xiangting_yiban;
    Util.xiangting = xiangting;
    Util.tingpai = tingpai;
    return Util;
}

module.exports = { install };
