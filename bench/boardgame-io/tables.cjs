/* global fetch, performance, setTimeout */
/**
 * N tables of boardgame.io, one move outstanding each: two clients a table over socket.io (websocket),
 * each move sent by the player whose turn it is and done when both clients hold the state after it.
 * Prints "measuring" when the window opens and one JSON line of figures when it closes.
 *
 *   node tables.cjs <port> <tables> <warm-up seconds> <window seconds>
 */
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Melee } = require('./melee.cjs');

const [port, tables, warmupS, windowS] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;

async function post(path, body) {
  const answer = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

async function seatTable() {
  const { matchID } = await post('/games/melee/create', { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/melee/${matchID}/join`, {
      playerID,
      playerName: `p${playerID}`,
    });
    const client = Client({
      game: Melee,
      multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'] } }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    client.start();
    seats.push(client);
  }
  return seats;
}

async function main() {
  const figures = { moves: 0, latencies: [] };
  let measuring = false;
  let stopped = false;
  const play = async (seats) => {
    const latest = [null, null];
    let waiter = null;
    const check = () => {
      if (waiter && latest.every((state) => state && state._stateID > waiter.after)) {
        const done = waiter;
        waiter = null;
        done.resolve();
      }
    };
    seats.forEach((seat, i) =>
      seat.subscribe((state) => {
        if (state && state.ctx) {
          latest[i] = state;
          check();
        }
      }),
    );
    const past = (after) =>
      new Promise((resolve) => {
        waiter = { after, resolve };
        check();
      });
    await past(-1);
    while (!stopped) {
      const before = latest[0]._stateID;
      const started = performance.now();
      seats[Number(latest[0].ctx.currentPlayer)].moves.step();
      await past(before);
      if (measuring) {
        figures.moves += 1;
        figures.latencies.push(performance.now() - started);
      }
    }
  };
  const seated = [];
  for (let t = 0; t < tables; t++) seated.push(await seatTable());
  seated.forEach((seats) => void play(seats));
  await new Promise((resolve) => setTimeout(resolve, warmupS * 1000));
  console.log('measuring');
  measuring = true;
  const opened = performance.now();
  await new Promise((resolve) => setTimeout(resolve, windowS * 1000));
  measuring = false;
  stopped = true;
  const seconds = (performance.now() - opened) / 1000;
  const sorted = figures.latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      moves: figures.moves,
      seconds,
      p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? null,
    }),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
