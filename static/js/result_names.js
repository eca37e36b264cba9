// Player names on the result panels (result.js for Riichi, result_tw.js for Taiwanese): one place
// for the "(you)" suffix and the computer badge of the game-over tables (P-TABLE-7).
import { h } from "./dom.js";

/** The name of `seat` from the state message's players, "(you)" added for the viewer's seat. */
export function nameOf(ctx, seat) {
  const p = (ctx.game && ctx.game.players || []).find((x) => x.seat === seat);
  const name = p ? p.name : `${ctx.t("player")} ${seat + 1}`;
  return seat === ctx.mySeat ? `${name} (${ctx.t("you")})` : name;
}

/** The player cell of a placements row: the name, then the computer badge for a computer seat
 * (as the seat plates show it). */
export function playerCellEl(ctx, seat) {
  const p = (ctx.game && ctx.game.players || []).find((x) => x.seat === seat);
  return h("td", { dataset: { role: "player" } }, nameOf(ctx, seat),
    p && p.is_computer ? [" ", h("span", { class: "badge badge-cpu", dataset: { role: "computer-badge" } }, ctx.t("computer"))] : null);
}
