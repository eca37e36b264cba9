// Player names in the result panels (result.js, result_tw.js): the state message's
// game.players [{seat, name, is_computer}], "(you)" for the viewer's seat, and the computer
// badge wherever a computer's name is shown in a table of players (P-BOT-2).
import { h } from "./dom.js";

/** The name of `seat` as text, "(you)" added for the viewer's own seat. */
export function nameOf(ctx, seat) {
  const p = (ctx.game && ctx.game.players || []).find((x) => x.seat === seat);
  const name = p ? p.name : `${ctx.t("player")} ${seat + 1}`;
  return seat === ctx.mySeat ? `${name} (${ctx.t("you")})` : name;
}

/** A table cell's content for `seat`: the name and, for a computer, the computer badge. */
export function nameWithBadge(ctx, seat) {
  const p = (ctx.game && ctx.game.players || []).find((x) => x.seat === seat);
  return [h("span", { class: "player-name" }, nameOf(ctx, seat)),
    p && p.is_computer ? [" ", h("span", { class: "badge badge-cpu", dataset: { role: "computer-badge" } },
      ctx.t("computer"))] : null];
}
