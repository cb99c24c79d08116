/**
 * The game step umpire's hand-to-hand bench plays in four commands, as one boardgame.io move: a
 * charge with its willpower test (2D6), the impact (D6), the defender's morale test (2D6), and the
 * turn's end. The move runs on the server only (`client: false`), as umpire decides every command.
 */
const Melee = {
  name: 'melee',
  setup: () => ({ steps: 0, last: null, morale: { 0: 8, 1: 8 } }),
  moves: {
    step: {
      move: ({ G, ctx, random, events }) => {
        const attacker = ctx.currentPlayer;
        const defender = attacker === '0' ? '1' : '0';
        const willpower = random.D6(2);
        const impact = random.D6();
        const morale = random.D6(2);
        const needed = G.morale[defender] - impact - 1;
        G.steps += 1;
        G.last = { attacker, defender, willpower, impact, morale, held: morale[0] + morale[1] <= needed };
        events.endTurn();
      },
      client: false,
    },
  },
};

module.exports = { Melee };
