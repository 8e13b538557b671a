// The player this browser plays as: a name picked once in the lobby and its private
// key (no password, no e-mail), kept in localStorage and never put in a URL. The key
// goes with each join (POST /api/games/{id}/seats/{seat}/join, "player_key"), so the
// seat is the player's and the game is rated for them (docs/architecture.md).
const PLAYER = "quarterdeck:player";

export function playerOf() {
  try {
    const kept = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return kept && kept.name && kept.key ? kept : null;
  } catch {
    return null;
  }
}

export function keepPlayer(name, key) {
  localStorage.setItem(PLAYER, JSON.stringify({ name, key }));
}

export function forgetPlayer() {
  localStorage.removeItem(PLAYER);
}

// The body of a join: under the player's name and with their key when there is one.
export function joinBody(name) {
  const player = playerOf();
  return player ? { name: player.name, player_key: player.key } : { name };
}

export function playerHref(name) {
  return `/players/${encodeURIComponent(name)}`;
}

export function leaderboardHref(game) {
  return `/leaderboard/${encodeURIComponent(game)}`;
}

// "1532 ± 61": the Elo and one standard error, rounded (the error is null before a game).
export function eloText(rating) {
  const se = rating.se === null || rating.se === undefined ? "" : ` ± ${Math.round(rating.se)}`;
  return `${Math.round(rating.elo)}${se}`;
}

// How a game moved a rating: "+16", "−9", "±0"; "" when it did not count.
export function changeText(change) {
  if (change === null || change === undefined) return "";
  const points = Math.round(change);
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "±0";
}
