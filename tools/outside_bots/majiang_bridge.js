#!/usr/bin/env node
/*
 * kobalab's majiang-ai as an arena outside program (issue 13 item 4; benchmark only).
 *
 * Speaks the mjai protocol on stdin/stdout like mjai.app's bots: each input line is a JSON
 * array of mjai events as our seat may see them; we answer every line with one JSON reply.
 * The events are translated into majiang's player messages (kaiju, qipai, zimo, gangzimo,
 * dapai, fulou, gang, kaigang) for a @kobalab/majiang-ai Player, and its reply
 * ({dapai}, {hule}, {fulou}, {gang}, {daopai}, nothing) back into mjai (dahai, reach+dahai,
 * hora, chi/pon/daiminkan, ankan/kakan, ryukyoku, none). hora/ryukyoku/end_* need no message:
 * every qipai restarts the player's board with the scores of start_kyoku.
 *
 * Seats: majiang's id = our seat (qijia 0, the initial East); its l (menfeng) is the seat
 * wind in the hand, (seat - oya) mod 4.
 *
 * Rules: majiang's defaults with 場数 1 (East round) and 延長戦方式 0 (no extension, R-END-1);
 * the rest of its defaults already match our `riichi` preset: one red five per suit, open
 * tanyao, no kuikae (suji included), double ron with three rons aborting, the five abortive
 * draws, nagashi mangan, noten payments, tenpai dealer repeats, bust and all-last stop, kan
 * dora opened after the discard for open kans, ankan after riichi only when the waits stay,
 * double-wind pair 4 fu, kazoe and double yakuman, pao, no kiriage mangan.
 * Remaining differences: majiang knows no oka (our 30,000 return with the 20,000 winner
 * bonus; its 順位点 is the same uma 20/10/-10/-20), and majiang-ai's decisions use only the
 * hand-level rules (it plays placement-blind). The game itself is always played and scored
 * by our engine; majiang's rule only shapes majiang-ai's choices.
 *
 * Setup: sh tools/outside_bots/setup_majiang.sh (npm install into tools/outside_bots).
 */
"use strict";

const path = require("path");
const readline = require("readline");
const Majiang = require("@kobalab/majiang-core");
const AI = require("@kobalab/majiang-ai");

/*
 * Speed (no change of play): nearly all of a game's CPU is majiang-ai's own search, and most of
 * that was majiang-core's shanten and waits (xiangting, tingpai): pure functions it calls about
 * 1.6 million times in one seat's 4 East rounds, mostly for the same hands. majiang_xiangting.js
 * computes them with majiang-core's own algorithm, its per-suit decomposition kept in a table and
 * whole results in an exact-key cache: the same values (check_xiangting.js), identical replies
 * (3,219 recorded arena lines replayed through the previous bridge: byte-identical output), and
 * about half the CPU per East round of the string-keyed memo of 0630d33 that it replaces.
 * MAJIANG_BRIDGE_FAST=0 runs majiang-core's own functions.
 */
if (process.env.MAJIANG_BRIDGE_FAST !== "0") require("./majiang_xiangting").install(Majiang.Util);

const RULE = Majiang.rule({
    "場数": 1,
    "赤牌": { m: 1, p: 1, s: 1 },
    "クイタンあり": true,
    "喰い替え許可レベル": 0,
    "途中流局あり": true,
    "流し満貫あり": true,
    "最大同時和了数": 2,
    "カンドラ後乗せ": true,
    "リーチ後暗槓許可レベル": 2,
    "切り上げ満貫あり": false,
    "延長戦方式": 0,
});

const HONOURS = ["E", "S", "W", "N", "P", "F", "C"];

/* mjai tile -> majiang tile ("5mr" -> "m0", "E" -> "z1", "C" -> "z7") */
function toMj(pai) {
    const h = HONOURS.indexOf(pai);
    if (h >= 0) return "z" + (h + 1);
    if (pai.length === 3 && pai[2] === "r") return pai[1] + "0";
    return pai[1] + pai[0];
}

/* majiang suit + digit -> mjai tile */
function toMjai(suit, d) {
    if (suit === "z") return HONOURS[+d - 1];
    if (d === "0") return "5" + suit + "r";
    return d + suit;
}

function handString(tiles) {
    const by = { m: "", p: "", s: "", z: "" };
    for (const t of tiles) { const p = toMj(t); by[p[0]] += p[1]; }
    return ["m", "p", "s", "z"].filter(s => by[s]).map(s => s + by[s]).join("");
}

const num = d => (d === "0" ? 5 : +d);

/* mianzi string of a call: suit + digits, the called digit followed by its direction */
function mianzi(type, pai, consumed, dir) {
    const called = toMj(pai);
    const suit = called[0];
    const others = consumed.map(toMj).map(p => p[1]);
    if (type === "chi") {
        const items = others.map(d => ({ d, s: d })).concat([{ d: called[1], s: called[1] + dir }]);
        items.sort((a, b) => num(a.d) - num(b.d));
        return suit + items.map(x => x.s).join("");
    }
    others.sort().reverse();                       // "5","5","0": reds last, as majiang writes
    const m = suit + others.join("") + called[1] + dir;
    return Majiang.Shoupai.valid_mianzi(m) || m;
}

class Bridge {
    constructor() {
        this.player = null;
        this.id = 0;
        this.oya = 0;
        this.reach = [false, false, false, false];
        this.lastKan = [false, false, false, false];
        this.pons = {};                 // "actor:suit:number" -> pon mianzi
        this.pendingDahai = null;       // after our "reach" reply
        this.names = ["", "", "", ""];
    }

    l(actor) { return (actor - this.oya + 4) % 4; }

    /* mjai event -> majiang message (or null) */
    message(ev) {
        switch (ev.type) {
        case "start_game":
            this.id = ev.id || 0;
            this.player = new AI();
            this.pons = {};
            return { kaiju: { id: this.id, rule: RULE, title: "arena", player: ev.names || this.names, qijia: 0 } };
        case "start_kyoku": {
            this.oya = ev.oya;
            this.reach = [false, false, false, false];
            this.lastKan = [false, false, false, false];
            this.pons = {};
            const shoupai = [], defen = [];
            for (let l = 0; l < 4; l++) {
                const seat = (this.oya + l) % 4;
                defen.push(ev.scores[seat]);
                shoupai.push(seat === this.id ? handString(ev.tehais[seat]) : "");
            }
            return { qipai: { zhuangfeng: HONOURS.indexOf(ev.bakaze), jushu: ev.kyoku - 1,
                              changbang: ev.honba, lizhibang: ev.kyotaku, defen,
                              baopai: toMj(ev.dora_marker), shoupai } };
        }
        case "tsumo": {
            const p = ev.actor === this.id ? toMj(ev.pai) : "";
            const kan = this.lastKan[ev.actor];
            this.lastKan[ev.actor] = false;
            return kan ? { gangzimo: { l: this.l(ev.actor), p } } : { zimo: { l: this.l(ev.actor), p } };
        }
        case "reach":
            this.reach[ev.actor] = true;
            return null;
        case "dahai": {
            let p = toMj(ev.pai) + (ev.tsumogiri ? "_" : "");
            if (this.reach[ev.actor]) { p += "*"; this.reach[ev.actor] = false; }
            return { dapai: { l: this.l(ev.actor), p } };
        }
        case "chi": case "pon": case "daiminkan": {
            const dir = ["", "+", "=", "-"][(ev.target - ev.actor + 4) % 4];
            const m = mianzi(ev.type, ev.pai, ev.consumed, dir);
            if (ev.type === "pon") {
                const c = toMj(ev.pai);
                this.pons[ev.actor + ":" + c[0] + ":" + num(c[1])] = m;
            }
            if (ev.type === "daiminkan") this.lastKan[ev.actor] = true;
            return { fulou: { l: this.l(ev.actor), m } };
        }
        case "ankan": {
            const ps = ev.consumed.map(toMj);
            const digits = ps.map(p => p[1]).sort().reverse().join("");
            this.lastKan[ev.actor] = true;
            return { gang: { l: this.l(ev.actor), m: ps[0][0] + digits } };
        }
        case "kakan": {
            const c = toMj(ev.pai);
            const pon = this.pons[ev.actor + ":" + c[0] + ":" + num(c[1])];
            this.lastKan[ev.actor] = true;
            if (!pon) return null;
            return { gang: { l: this.l(ev.actor), m: pon + c[1] } };
        }
        case "dora":
            return { kaigang: { baopai: toMj(ev.dora_marker) } };
        default:
            return null;            // reach_accepted, hora, ryukyoku, end_kyoku, end_game
        }
    }

    /* majiang reply -> mjai reply */
    reply(r, decisive) {
        const me = this.id;
        if (!r) return { type: "none" };
        if (r.hule) {
            if (decisive && (decisive.zimo || decisive.gangzimo))
                return { type: "hora", actor: me, target: me };
            const src = decisive && (decisive.dapai || decisive.gang);
            return src ? { type: "hora", actor: me, target: (src.l + this.oya) % 4 } : { type: "hora", actor: me };
        }
        if (r.daopai) {
            if (decisive && (decisive.zimo || decisive.gangzimo)) return { type: "ryukyoku", actor: me };
            return { type: "none" };
        }
        if (r.dapai) {
            const p = r.dapai;
            const pai = toMjai(p[0], p[1]);
            const dahai = { type: "dahai", actor: me, pai, tsumogiri: p.includes("_") };
            if (p.includes("*")) { this.pendingDahai = dahai; return { type: "reach", actor: me }; }
            return dahai;
        }
        if (r.fulou) {
            const m = r.fulou, suit = m[0];
            const called = m.match(/(\d)[\+\=\-]/)[1];
            const digits = m.replace(/(\d)[\+\=\-]/, "").slice(1).split("");
            const kinds = new Set(m.slice(1).replace(/[\+\=\-]/g, "").split("").map(num));
            const type = kinds.size > 1 ? "chi" : digits.length === 3 ? "daiminkan" : "pon";
            const src = decisive && decisive.dapai;
            return { type, actor: me, target: src ? (src.l + this.oya) % 4 : undefined,
                     pai: toMjai(suit, called), consumed: digits.map(d => toMjai(suit, d)) };
        }
        if (r.gang) {
            const m = r.gang, suit = m[0];
            if (/^[mpsz]\d{4}$/.test(m)) return { type: "ankan", actor: me, consumed: m.slice(1).split("").map(d => toMjai(suit, d)) };
            const added = m[m.length - 1];
            const pon = m.slice(0, -1);
            const consumed = pon.replace(/[\+\=\-]/, "").slice(1).split("").map(d => toMjai(suit, d));
            return { type: "kakan", actor: me, pai: toMjai(suit, added), consumed };
        }
        return { type: "none" };
    }

    line(events) {
        if (events.length === 1 && events[0].type === "reach" && events[0].actor === this.id && this.pendingDahai) {
            this.reach[this.id] = true;
            const d = this.pendingDahai; this.pendingDahai = null;
            return d;
        }
        this.pendingDahai = null;
        const msgs = [];
        for (const ev of events) { const m = this.message(ev); if (m) msgs.push(m); }
        if (!this.player || !msgs.length) return { type: "none" };
        // The decisive message: the last draw/discard/call/kan; trailing kan dora go first.
        let k = msgs.length - 1;
        while (k > 0 && msgs[k].kaigang) k--;
        const order = msgs.slice(0, k).concat(msgs.slice(k + 1), [msgs[k]]);
        let answer;
        for (let i = 0; i < order.length; i++) {
            const last = i === order.length - 1;
            if (last) this.player.action(order[i], r => { answer = r; });
            else this.player.action(order[i]);
        }
        return this.reply(answer, order[order.length - 1]);
    }
}

const bridge = new Bridge();
const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", line => {
    line = line.trim();
    if (!line) return;
    let out;
    try {
        out = bridge.line(JSON.parse(line));
    } catch (e) {
        process.stderr.write("majiang_bridge: " + (e && e.stack || e) + "\n");
        out = { type: "none" };
    }
    process.stdout.write(JSON.stringify(out) + "\n");
});
